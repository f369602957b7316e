import { useState } from 'react';
import { ApiError, newIdempotencyKey } from '@imprest/api-client';
import { useCreateRequest, useResubmitRequest } from '@imprest/api-client/query';
import type { RequestInput, RequestRecord } from '@imprest/domain';

/**
 * Sends the form: a new request, or a new version of a returned one (with parent_request). One
 * Idempotency-Key per form instance, so a double click or a retry after a lost answer creates one
 * request. A refusal (4xx) created nothing: the corrected values go with a new key, as the server
 * would otherwise replay its refusal for the old one.
 */
export function useSubmitRequest(parent: RequestRecord | null) {
  const create = useCreateRequest();
  const resubmit = useResubmitRequest();
  const [key, setKey] = useState(newIdempotencyKey);
  const mutation = parent ? resubmit : create;

  async function submit(body: RequestInput): Promise<RequestRecord | null> {
    const options = { idempotencyKey: key };
    try {
      return parent ? await resubmit.mutateAsync({ body: { ...body, parent_request: parent.id }, options }) : await create.mutateAsync({ body, options });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setKey(newIdempotencyKey());
      return null;
    }
  }

  return { submit, error: mutation.error, reset: mutation.reset };
}
