import { useState } from 'react';
import { ApiError, newIdempotencyKey } from '@imprest/api-client';
import { enqueue, isOnline, uploadLocalFiles, type DraftForm } from '@imprest/api-client/offline';
import { useCreateRequest, useResubmitRequest } from '@imprest/api-client/query';
import type { RequestInput, RequestRecord } from '@imprest/domain';
import type { RequestFormValues } from '@imprest/domain/forms';

export type SubmitResult = { sent: RequestRecord } | { queued: true } | null;

interface Queueable {
  body: RequestInput;
  values: RequestFormValues;
  label: string;
}

/**
 * Sends the form: a new request, or a new version of a returned one (with parent_request), with the
 * form's Idempotency-Key — the draft's, when it was queued before. Offline, or when the call gets
 * no answer, the request goes to the outbox with that key instead: sent again later, it is still
 * created once. Files chosen offline are uploaded first.
 */
export function useSubmitRequest(parent: RequestRecord | null, userId: number, draftForm: DraftForm, draftKey: string | undefined) {
  const create = useCreateRequest();
  const resubmit = useResubmitRequest();
  const [formKey] = useState(newIdempotencyKey);
  const idempotencyKey = draftKey ?? formKey;
  const mutation = parent ? resubmit : create;

  const queue = async ({ body, values, label }: Queueable): Promise<SubmitResult> => {
    await enqueue({
      kind: 'request',
      userId,
      form: draftForm,
      label,
      values,
      body,
      idempotencyKey,
      ...(parent ? { parentId: parent.id } : {}),
    });
    return { queued: true };
  };

  async function submit(input: Queueable): Promise<SubmitResult> {
    if (!isOnline()) return queue(input);
    try {
      const body = { ...input.body, file_paths: await uploadLocalFiles(input.body.file_paths) };
      const options = { idempotencyKey };
      const sent = parent
        ? await resubmit.mutateAsync({ body: { ...body, parent_request: parent.id }, options })
        : await create.mutateAsync({ body, options });
      return { sent };
    } catch (error) {
      // no answer at all: the outbox tries again with the same key
      if (error instanceof ApiError && error.status === 0 && error.code === 'NETWORK') return queue(input);
      // otherwise the mutation keeps the error for the form's alert
      return null;
    }
  }

  return { submit, error: mutation.error };
}
