import { useCreateRequest, useFormKey, useResubmitRequest } from '@imprest/api-client/query';
import type { RequestInput, RequestRecord } from '@imprest/domain';

/** Sends the form: a new request, or a new version of a returned one (with parent_request), with the form's Idempotency-Key. */
export function useSubmitRequest(parent: RequestRecord | null) {
  const create = useCreateRequest();
  const resubmit = useResubmitRequest();
  const options = useFormKey();
  const mutation = parent ? resubmit : create;

  async function submit(body: RequestInput): Promise<RequestRecord | null> {
    try {
      return parent ? await resubmit.mutateAsync({ body: { ...body, parent_request: parent.id }, options }) : await create.mutateAsync({ body, options });
    } catch {
      // the mutation keeps the error for the form's alert
      return null;
    }
  }

  return { submit, error: mutation.error };
}
