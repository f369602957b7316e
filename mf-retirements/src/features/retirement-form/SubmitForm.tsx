import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useOrganizationToday, useSession } from '@imprest/api-client';
import { uploadOrKeep, useOfflineForm, useOnline } from '@imprest/api-client/offline';
import { useSubmitRetirement } from '@imprest/api-client/query';
import {
  RETIREMENT_COMMENTS_MAX,
  fromMinorUnits,
  optionLabel,
  receiptProblem,
  toMinorUnits,
  withThousands,
  type Retirement,
} from '@imprest/domain';
import { retirementFormSchema, retirementLinesOf, spentOf, type RetirementFormValues } from '@imprest/domain/forms';
import { Button, FormAlert, SimpleGrid, chakra } from '@imprest/ui';
import { FileUpload } from '@imprest/ui/inputs';
import { AmountInput, FormField, Textarea } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { ExcessNotice } from './ExcessNotice';
import { LinesEditor } from './LinesEditor';
import { Outcome } from './Outcome';
import { OFFLINE_RETIREMENT_TEXT as offline } from './offline-text';
import { TakePhoto } from './photo/TakePhoto';
import { useActionOutcome } from './use-retirement-action';
import { useReceiptExemption } from './use-receipt-exemption';

const { form: text } = TEXT;

/**
 * Edit mode: the owner fills in the Total Amount Spent, comments for the reviewer and the receipts,
 * then Submit Retirement. An earlier round's values start the form after a Request to Resubmit.
 * Offline (or with no answer) it goes to the outbox; what is typed is kept on the device meanwhile.
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
  const [uploading, setUploading] = useState(false);
  const [photographing, setPhotographing] = useState(false);
  const [linesUploading, setLinesUploading] = useState(false);
  const busy = uploading || photographing || linesUploading;
  const mutation = useSubmitRetirement();
  const { outcome, handlers } = useActionOutcome(refetch);
  const currency = r.request.amount_currency;
  const advance = toMinorUnits(r.request.amount_requested) ?? 0;
  // the server refuses an unexplained excess and money spent without a receipt: asked here first, in its words
  const exemption = useReceiptExemption();
  const today = useOrganizationToday();
  const form = useFormik<RetirementFormValues>({
    initialValues: {
      amount: r.amount_spent === null ? '' : String(r.amount_spent),
      comments: r.comments,
      files: r.file_paths,
      lines: (r.lines ?? []).map((l) => ({ date: l.date, description: l.description, amount: String(l.amount), files: l.file_paths })),
    },
    validationSchema: retirementFormSchema({ advance, currency, today, ...exemption }),
    onSubmit: async (values) => {
      if (busy) return;
      handlers.onMutate();
      const body = {
        id: r.id,
        amount_spent: fromMinorUnits(spentOf(values) ?? 0),
        amount_currency: currency,
        comments: values.comments.trim(),
        file_paths: values.files,
        // the lines, when given: the server checks that the total is their sum
        ...(values.lines.length > 0 ? { lines: retirementLinesOf(values.lines) } : {}),
      };
      const label = offline.label(optionLabel(r.request.purpose), withThousands(String(fromMinorUnits(spentOf(values) ?? 0))), currency);
      try {
        const result = await draft.submit({ kind: 'retirement', label, body }, (sent) => mutation.mutateAsync(sent));
        onSubmitted('queued' in result);
      } catch (error) {
        handlers.onError(error);
      }
    },
  });
  const { amount, comments, files, lines } = form.values;
  const draft = useOfflineForm({
    userId,
    form: `retirement:${r.id}`,
    values: { amount, comments, lines },
    fileKeys: files,
    restore: (kept) => {
      void form.setValues({ ...kept.values, lines: kept.values.lines ?? [], files: kept.fileKeys }, false);
      if (kept.refusal) void form.setTouched({ amount: true, comments: true }, true);
    },
  });
  const shown = (field: keyof RetirementFormValues) =>
    form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined;
  const minor = spentOf(form.values);
  const itemised = lines.length > 0;
  // each file goes to the store as soon as it is chosen, or offline stays on the device with the draft
  const uploader = useMemo(() => uploadOrKeep(userId), [userId]);
  const setFiles = (change: (list: string[]) => string[]) => void form.setValues((v) => ({ ...v, files: change(v.files) }));

  return (
    <chakra.form display="flex" flexDirection="column" gap="4" noValidate onSubmit={form.handleSubmit}>
      {draft.refusal && (
        <FormAlert status="error" detail={draft.refusal}>
          {offline.refused}
        </FormAlert>
      )}
      {draft.restored && !draft.refusal && <FormAlert status="info">{offline.draftRestored}</FormAlert>}
      {!online && <FormAlert status="info">{offline.offlineNote}</FormAlert>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={`${text.fields.spent} (${currency.toUpperCase()})`} error={shown('amount')} required>
          {/* with lines, the total is their sum: shown, not typed */}
          <AmountInput
            name="amount"
            value={itemised ? withThousands(String(fromMinorUnits(minor ?? 0))) : amount}
            disabled={itemised}
            onChange={(v) => form.setFieldValue('amount', v)}
            onBlur={() => form.setFieldTouched('amount')}
          />
        </FormField>
        <ExcessNotice
          advance={r.request.amount_requested}
          spent={minor === null ? null : fromMinorUnits(minor)}
          currency={currency}
          detail={text.excess.owner(r.request.budget_code)}
        />
        <FormField label={text.fields.comments} error={shown('comments')} wide>
          <Textarea
            name="comments"
            value={comments}
            rows={3}
            maxLength={RETIREMENT_COMMENTS_MAX}
            bg="bg"
            onChange={form.handleChange}
            onBlur={form.handleBlur}
          />
        </FormField>
        <FormField
          label={text.fields.documents}
          helper={text.documentsHint}
          error={shown('files')}
          required={minor !== null && receiptProblem({ spent: minor, currency, documents: 0, ...exemption }) !== null}
          wide
        >
          <TakePhoto uploader={uploader} onAdded={(key) => setFiles((list) => [...list, key])} onBusyChange={setPhotographing} />
          <FileUpload uploader={uploader} value={files} onUploaded={(keys) => setFiles(() => keys)} onBusyChange={setUploading} />
        </FormField>
      </SimpleGrid>
      <LinesEditor
        lines={lines}
        onChange={(change) => void form.setValues((v) => ({ ...v, lines: change(v.lines) }))}
        error={form.submitCount > 0 ? (form.errors.lines as string | undefined) : undefined}
        today={today}
        uploader={uploader}
        onBusyChange={setLinesUploading}
      />
      <Outcome outcome={outcome} failed={text.submitFailed} />
      <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={form.isSubmitting} disabled={busy}>
        {text.submit}
      </Button>
    </chakra.form>
  );
}
