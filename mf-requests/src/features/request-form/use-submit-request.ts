import { useState } from 'react';
import { newIdempotencyKey } from '@imprest/api-client';
import { useCreateRequest, useResubmitRequest } from '@imprest/api-client/query';
import type { RequestInput, RequestRecord } from '@imprest/domain';

/**
 * Sends the form: a new request, or a new version of a returned one (with parent_request). One
 * Idempotency-Key per form instance, so a double click or a retry after a lost answer creates one
 * request; the server stores nothing for a refused create, so corrected values may reuse the key.
 */
export function useSubmitRequest(parent: RequestRecord | null) {
  const create = useCreateRequest();
  const resubmit = useResubmitRequest();
  const [key] = useState(newIdempotencyKey);
  const mutation = parent ? resubmit : create;

  async function submit(body: RequestInput): Promise<RequestRecord | null> {
    const options = { idempotencyKey: key };
    try {
      return parent ? await resubmit.mutateAsync({ body: { ...body, parent_request: parent.id }, options }) : await create.mutateAsync({ body, options });
    } catch {
      // the mutation keeps the error for the form's alert
      return null;
    }
  }

  return { submit, error: mutation.error };
}
