import { useMemo, useState } from 'react';
import { ApiError, newIdempotencyKey, useSession } from '@imprest/api-client';
import { enqueue, isOnline, uploadLocalFiles, uploadOrKeep, useOnline } from '@imprest/api-client/offline';
import { useSubmitRetirement } from '@imprest/api-client/query';
import {
  RETIREMENT_COMMENTS_MAX,
  RETIREMENT_EXCESS_MESSAGES,
  excessNeedsComments,
  fromMinorUnits,
  optionLabel,
  toMinorUnits,
  type Retirement,
  type RetirementSubmitInput,
} from '@imprest/domain';
import { AmountInput, Button, FileUpload, FormAlert, FormField, SimpleGrid, Textarea, chakra } from '@imprest/ui';
import { TEXT } from '../../strings';
import { ExcessNotice } from './ExcessNotice';
import { Outcome } from './Outcome';
import { OFFLINE_RETIREMENT_TEXT as offline } from './offline-text';
import { TakePhoto } from './photo/TakePhoto';
import { useActionOutcome } from './use-retirement-action';
import { useReceiptRule } from './use-receipt-rule';
import { useRetirementDraft } from './use-retirement-draft';

const { form: text } = TEXT;

/** The amount as typed (thousands separators kept) → minor units, or null when not an amount. */
const minorOf = (typed: string) => (typed.trim() ? toMinorUnits(typed.replace(/,/g, '')) : null);

/**
 * Edit mode: the owner fills in the Total Amount Spent, comments for the reviewer and the receipts,
 * then Submit Retirement. An earlier round's values start the form after a Request to Resubmit.
 */
export function SubmitForm({
  retirement: r,
  onSubmitted,
  refetch,
}: {
  retirement: Retirement;
  /** Sent, or (offline, or no answer) queued in the outbox. */
  onSubmitted: (queued: boolean) => void;
  refetch: () => unknown;
}) {
  const userId = useSession((s) => s.currentUser?.id ?? 0);
  const online = useOnline();
  const [amount, setAmount] = useState(r.amount_spent === null ? '' : String(r.amount_spent));
  const [comments, setComments] = useState(r.comments);
  const [files, setFiles] = useState<string[]>(r.file_paths);
  const [uploading, setUploading] = useState(false);
  const [photographing, setPhotographing] = useState(false);
  const [touched, setTouched] = useState(false);
  const mutation = useSubmitRetirement();
  const { outcome, handlers } = useActionOutcome(refetch);
  const minor = minorOf(amount);
  const amountError = touched && minor === null ? text.amountProblem : undefined;
  const advance = toMinorUnits(r.request.amount_requested) ?? 0;
  // the server refuses an unexplained excess too; asked here first, before anything is sent or queued
  const unexplained = minor !== null && excessNeedsComments(advance, minor, comments);
  const commentsError = touched && unexplained ? RETIREMENT_EXCESS_MESSAGES.commentsNeeded : undefined;
  // money spent carries a receipt (the server's rule and sentence), said before anything is sent or queued
  const receiptRule = useReceiptRule(r.request.amount_currency);
  const receiptsMissing = receiptRule(minor, files.length);
  const documentsError = touched && receiptsMissing ? receiptsMissing : undefined;
  const busy = uploading || photographing;
  // each file goes to the store as soon as it is chosen, or offline stays on the device with the draft
  const uploader = useMemo(() => uploadOrKeep(userId), [userId]);
  const draft = useRetirementDraft(userId, r.id, { amount, comments, files }, (restored) => {
    setAmount(restored.amount);
    setComments(restored.comments);
    setFiles(restored.files);
  });

  const queue = async (body: RetirementSubmitInput) => {
    const label = offline.label(optionLabel(r.request.purpose), amount, r.request.amount_currency);
    await enqueue({
      kind: 'retirement',
      userId,
      form: draft.form,
      label,
      values: { amount, comments },
      body,
      idempotencyKey: newIdempotencyKey(),
    });
    await draft.clear();
    onSubmitted(true);
  };

  const submit = () => {
    setTouched(true);
    if (minor === null || unexplained || receiptsMissing || busy) return;
    handlers.onMutate();
    const body = {
      id: r.id,
      amount_spent: fromMinorUnits(minor),
      amount_currency: r.request.amount_currency,
      comments: comments.trim(),
      file_paths: files,
    };
    if (!isOnline()) return void queue(body);
    void uploadLocalFiles(files)
      .then((file_paths) => mutation.mutateAsync({ ...body, file_paths }))
      .then(async () => {
        await draft.clear();
        onSubmitted(false);
      })
      .catch((error: unknown) => {
        // no answer at all: the outbox sends it when the connection returns
        if (error instanceof ApiError && error.code === 'NETWORK') return queue(body);
        handlers.onError(error);
      });
  };

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {draft.refusal && (
        <FormAlert status="error" detail={draft.refusal}>
          {offline.refused}
        </FormAlert>
      )}
      {draft.restored && !draft.refusal && <FormAlert status="info">{offline.draftRestored}</FormAlert>}
      {!online && <FormAlert status="info">{offline.offlineNote}</FormAlert>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={`${text.fields.spent} (${r.request.amount_currency.toUpperCase()})`} error={amountError} required>
          <AmountInput name="amount" value={amount} onChange={setAmount} onBlur={() => setTouched(true)} />
        </FormField>
        <ExcessNotice
          advance={r.request.amount_requested}
          spent={minor === null ? null : fromMinorUnits(minor)}
          currency={r.request.amount_currency}
          detail={text.excess.owner(r.request.budget_code)}
        />
        <FormField label={text.fields.comments} error={commentsError} wide>
          <Textarea
            name="comments"
            value={comments}
            rows={3}
            maxLength={RETIREMENT_COMMENTS_MAX}
            bg="bg"
            onChange={(e) => setComments(e.target.value)}
          />
        </FormField>
        <FormField
          label={text.fields.documents}
          helper={text.documentsHint}
          error={documentsError}
          required={receiptRule(minor, 0) !== null}
          wide
        >
          <TakePhoto uploader={uploader} onAdded={(key) => setFiles((list) => [...list, key])} onBusyChange={setPhotographing} />
          <FileUpload uploader={uploader} value={files} onUploaded={setFiles} onBusyChange={setUploading} />
        </FormField>
      </SimpleGrid>
      <Outcome outcome={outcome} failed={text.submitFailed} />
      <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={mutation.isPending} disabled={busy}>
        {text.submit}
      </Button>
    </chakra.form>
  );
}
