import { errorMessage } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { OfflineReason } from '../../components/offline-reason';
import { useAttachRetirement, useFormKey } from '@imprest/api-client/query';
import { Button, FormAlert, Stack } from '@imprest/ui';
import { DETAIL_TEXT } from './strings';

const { retirement: text } = DETAIL_TEXT;

/**
 * Request Retirement (finance permission, docs/screens.md, docs/product-rules.md §Statuses): creates the pending retirement the owner
 * then fills in. One Idempotency-Key per page, so a double click creates one; the request is
 * refetched and shows the embedded retirement.
 */
export function RequestRetirement({ requestId }: { requestId: number }) {
  const mutation = useAttachRetirement();
  const options = useFormKey();
  // it moves money: never queued, so offline it waits for a connection
  const online = useOnline();
  return (
    <Stack gap="2" align={{ base: 'stretch', sm: 'flex-end' }} data-print-hide>
      {!online && <OfflineReason />}
      <Button
        colorPalette="teal"
        loading={mutation.isPending}
        disabled={!online}
        onClick={() => mutation.mutate({ body: requestId, options })}
      >
        {text.request}
      </Button>
      {mutation.isError && (
        <FormAlert status="error" detail={errorMessage(mutation.error)}>
          {text.failed}
        </FormAlert>
      )}
    </Stack>
  );
}
