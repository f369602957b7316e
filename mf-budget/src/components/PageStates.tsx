import { useNavigate } from '@imprest/router';
import { Button, Center, FormAlert, Spinner, Stack } from '@imprest/ui';
import { PATHS } from '../paths';
import { TEXT } from '../strings';

/** A code that cannot be shown (unknown, not visible, deleted, or the call failed), with the way back to the list. */
export function Problem({ message, status = 'error' }: { message: string; status?: 'error' | 'info' }) {
  const navigate = useNavigate();
  return (
    <Stack gap="4" align="flex-start">
      <FormAlert status={status}>{message}</FormAlert>
      <Button variant="outline" onClick={() => navigate(PATHS.list)}>
        {TEXT.backToList}
      </Button>
    </Stack>
  );
}

export function Loading() {
  return (
    <Center py="12" role="status" aria-label={TEXT.loading}>
      <Spinner size="lg" color="teal.600" />
    </Center>
  );
}
