import { Center, Spinner } from '@imprest/ui';

/** A spinner while a page's code or data arrives. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="12" role="status" aria-label={label}>
      <Spinner size="lg" color="teal.600" />
    </Center>
  );
}
