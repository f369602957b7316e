import { useState } from 'react';
import { useFormik } from 'formik';
import { errorMessage, useOrganizationToday } from '@imprest/api-client';
import { DELEGATION_NOTE_MAX, ROLE_LABELS, isCalendarDate, type User } from '@imprest/domain';
import { DELEGATION_MISSING, delegationSchema, type DelegationFormValues } from '@imprest/domain/forms';
import { Button, FormAlert, Input, SimpleGrid, SelectInput, Stack, Text } from '@imprest/ui';
import { DateField, FormField, Textarea } from '@imprest/ui/forms';
import { DELEGATION_TEXT as T } from '../../../strings';
import { useColleagues, useCreateDelegation } from './queries';

/** Passes the signed-in user's own reviewing to a colleague for some days; the server's refusal is shown as it says it. */
export function DelegationForm({ me }: { me: User }) {
  const today = useOrganizationToday();
  // the search only narrows the colleagues offered: it is not sent
  const [search, setSearch] = useState('');
  const colleagues = useColleagues(search.trim(), me.id);
  const create = useCreateDelegation();
  const options = (colleagues.data ?? []).map((u) => ({ value: String(u.id), label: `${u.fullname} (${ROLE_LABELS[u.system_role]})` }));
  const form = useFormik<DelegationFormValues>({
    // the first day is suggested and offered on the organisation's calendar, which the server judges by
    initialValues: { delegate_id: '', starts_on: today, ends_on: '', note: '' },
    validationSchema: () => delegationSchema(today),
    onSubmit: ({ delegate_id, starts_on, ends_on, note }, { resetForm }) =>
      create.mutate(
        { delegate_id: Number(delegate_id), starts_on, ends_on, ...(note.trim() ? { note: note.trim() } : {}) },
        { onSuccess: () => resetForm({ values: { delegate_id: '', starts_on, ends_on: '', note: '' } }) },
      ),
  });
  const { values, errors, touched } = form;
  // what is missing is said once, above the button, after a Save; a day's problem shows once its box is left
  const missing = form.submitCount > 0 && Object.values(errors).includes(DELEGATION_MISSING);
  const dayProblem = (field: 'starts_on' | 'ends_on') =>
    touched[field] && errors[field] !== DELEGATION_MISSING ? errors[field] : undefined;
  const firstDay = isCalendarDate(values.starts_on) ? values.starts_on : undefined;
  const set = (field: keyof DelegationFormValues) => (value: string) => void form.setFieldValue(field, value);
  const leave = (field: keyof DelegationFormValues) => () => void form.setFieldTouched(field, true);

  return (
    // the schema names what is missing, in the page's words, instead of the browser's bubble
    <form onSubmit={form.handleSubmit} aria-label={T.create} noValidate>
      <Stack gap="3">
        <Text fontWeight="semibold">{T.create}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={T.find}>
            <Input type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          </FormField>
          <FormField label={T.delegate} required helper={colleagues.data && options.length === 0 ? T.noColleagues : undefined}>
            <SelectInput value={values.delegate_id} options={options} onChange={set('delegate_id')} placeholder={T.chooseDelegate} />
          </FormField>
          <FormField label={T.startsOn} required helper={T.datesHelp} error={dayProblem('starts_on')}>
            <DateField value={values.starts_on} min={today} onChange={set('starts_on')} onBlur={leave('starts_on')} />
          </FormField>
          <FormField label={T.endsOn} required error={dayProblem('ends_on')}>
            <DateField value={values.ends_on} min={firstDay} onChange={set('ends_on')} onBlur={leave('ends_on')} />
          </FormField>
          <FormField label={T.note} wide>
            <Textarea name="note" value={values.note} maxLength={DELEGATION_NOTE_MAX} rows={2} onChange={form.handleChange} />
          </FormField>
        </SimpleGrid>
        {missing && <FormAlert status="error">{DELEGATION_MISSING}</FormAlert>}
        {create.isError && <FormAlert status="error">{errorMessage(create.error)}</FormAlert>}
        {create.isSuccess && !missing && <FormAlert status="success">{T.created}</FormAlert>}
        <Button type="submit" alignSelf="flex-start" colorPalette="teal" loading={create.isPending}>
          {T.submit}
        </Button>
      </Stack>
    </form>
  );
}
