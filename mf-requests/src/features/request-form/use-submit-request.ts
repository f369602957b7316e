import { useCreateRequest, useResubmitRequest } from '@imprest/api-client/query';
import type { SendResult } from '@imprest/api-client/offline';
import type { RequestInput, RequestRecord } from '@imprest/domain';

export type SubmitResult = SendResult<RequestRecord>;

/**
 * The request's own call, for useOfflineForm's submit: a new request, or a new version of a
 * returned one (with parent_request), each with the form's Idempotency-Key.
 */
export function useSendRequest(parent: RequestRecord | null) {
  const create = useCreateRequest();
  const resubmit = useResubmitRequest();
  return (body: RequestInput, idempotencyKey: string): Promise<RequestRecord> => {
    const options = { idempotencyKey };
    return parent ? resubmit.mutateAsync({ body: { ...body, parent_request: parent.id }, options }) : create.mutateAsync({ body, options });
  };
}
