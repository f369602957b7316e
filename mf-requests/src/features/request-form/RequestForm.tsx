import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import { errorMessage, useOrganizationToday } from '@imprest/api-client';
import { useOfflineForm, useOnline, type DraftForm } from '@imprest/api-client/offline';
import { useBudgetCodes } from '@imprest/api-client/query';
import { ROLE_LABELS, optionLabel, withThousands, type RequestRecord, type User } from '@imprest/domain';
import { requestFormSchema, type RequestFormValues } from '@imprest/domain/forms';
import { FormAlert, Heading, Input, SimpleGrid, Stack } from '@imprest/ui';
import { FormActions, FormField } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { EMPTY_VALUES, toRequestInput, valuesOf } from './form-values';
import { MoneyFields } from './MoneyFields';
import { Notices } from './Notices';
import { SupportingDocuments } from './SupportingDocuments';
import { PurposeFields } from './PurposeFields';
import { useBalanceCheck } from './use-balance-check';
import { useSendRequest, type SubmitResult } from './use-submit-request';
import { OFFLINE_FORM_TEXT } from './offline-text';

interface RequestFormProps {
  user: User;
  /** The returned request being edited; null for a new request. */
  parent: RequestRecord | null;
  /** Sent (the saved request) or queued in the outbox (offline). */
  onDone: (result: SubmitResult) => void;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** The request form (docs/screens.md "Request form"): new, or edit-and-resubmit of a returned request. */
export function RequestForm({ user, parent, onDone, onCancel }: RequestFormProps) {
  // the user's own calendar day, fixed for this form: the earliest expenditure date
  // the organisation's day: after 21:00 UTC a device in UTC would still offer Dar es Salaam's yesterday
  const today = useOrganizationToday();
  const schema = useMemo(() => requestFormSchema({ today }), [today]);
  const codes = useBudgetCodes().data;
  const draftForm: DraftForm = parent ? `request-edit:${parent.id}` : 'request';
  const online = useOnline();
  // a resubmission keeps the earlier documents unless the owner removes them
  const [documents, setDocuments] = useState<string[]>(() => parent?.file_paths ?? []);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // one submission at a time: a second Enter or click while the first is on its way is ignored
  // (Formik runs onSubmit for each, and isSubmitting reaches the button only after a render)
  const sending = useRef(false);
  const form = useFormik<RequestFormValues>({
    initialValues: useMemo(() => (parent ? valuesOf(parent) : EMPTY_VALUES), [parent]),
    validationSchema: schema,
    onSubmit: async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        // offline the balance cannot be asked: the server checks it when the outbox sends the request
        if (budget.currencyDiffers || (online && !(await budget.confirm()))) return;
        const body = toRequestInput(values, documents);
        const label = OFFLINE_FORM_TEXT.label(optionLabel(values.purpose), withThousands(values.amount), values.amount_currency);
        setFailure(null);
        const entry = { kind: 'request' as const, label, body, ...(parent ? { parentId: parent.id } : {}) };
        onDone(await draft.submit(entry, send));
      } catch (error) {
        setFailure(error); // the server's refusal, shown above the buttons
      } finally {
        sending.current = false;
      }
    },
  });
  const send = useSendRequest(parent);
  // kept on the device as typed; a draft the outbox brought back refused shows what to correct
  const draft = useOfflineForm({
    userId: user.id,
    form: draftForm,
    values: form.values,
    fileKeys: documents,
    restore: (kept) => {
      void form.setValues({ ...form.values, ...kept.values }, false);
      setDocuments(kept.fileKeys);
      if (kept.refusal) void form.setTouched(Object.fromEntries(Object.keys(kept.values).map((k) => [k, true])), true);
    },
  });
  const budget = useBalanceCheck(form.values, codes);
  const blocked = budget.overBalance || budget.currencyDiffers || uploading;
  // what the reviewer asked for, beside the values to change
  const returnedBy = parent?.reviews.find((r) => r.status === 'request_edit' && r.comments);

  // a refused submit takes the user to the first field to fix: on a phone it is often screens above
  const ref = useRef<HTMLFormElement>(null);
  const refused = form.submitCount > 0 && !form.isSubmitting && Object.keys(form.errors).length > 0;
  useEffect(() => {
    if (refused) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused, form.submitCount]);

  return (
    <form
      ref={ref}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={parent ? TEXT.form.editTitle(optionLabel(parent.purpose)) : TEXT.newRequest}
    >
      <Stack gap="6">
        {draft.refusal && (
          <FormAlert status="error" detail={draft.refusal}>
            {OFFLINE_FORM_TEXT.refused}
          </FormAlert>
        )}
        {draft.restored && !draft.refusal && <FormAlert status="info">{OFFLINE_FORM_TEXT.draftRestored}</FormAlert>}
        {!online && <FormAlert status="info">{OFFLINE_FORM_TEXT.offlineNote}</FormAlert>}
        {parent && (
          <FormAlert status="info" detail={returnedBy && TEXT.form.returnedBy(ROLE_LABELS[returnedBy.reviewer_role], returnedBy.comments)}>
            {TEXT.form.editNote}
          </FormAlert>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label={TEXT.form.fields.name}>
            <Input name="name" value={user.fullname} readOnly bg="bg.muted" />
          </FormField>
          <FormField label={TEXT.form.fields.department}>
            <Input name="department" value={optionLabel(user.department)} readOnly bg="bg.muted" />
          </FormField>
        </SimpleGrid>
        <Section title={TEXT.form.purposeSection}>
          <PurposeFields form={form} today={today} />
        </Section>
        <Section title={TEXT.form.moneySection}>
          <MoneyFields form={form} codes={codes} budget={budget} />
        </Section>
        <Section title={TEXT.form.documents}>
          <Notices purpose={form.values.purpose} />
          <SupportingDocuments userId={user.id} keys={documents} onChange={setDocuments} onBusyChange={setUploading} />
        </Section>
        {failure !== null && (
          <FormAlert status="error" detail={errorMessage(failure)}>
            {TEXT.form.failed}
          </FormAlert>
        )}
        <FormActions
          cancelLabel={TEXT.form.cancel}
          onCancel={onCancel}
          saveLabel={parent ? TEXT.form.resubmit : TEXT.form.submit}
          saveDisabled={blocked || form.isSubmitting}
          saving={form.isSubmitting}
        />
      </Stack>
    </form>
  );
}
