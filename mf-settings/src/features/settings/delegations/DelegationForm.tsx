import { useState, type FormEvent } from 'react';
import { errorMessage, useOrganizationToday } from '@imprest/api-client';
import { DELEGATION_NOTE_MAX, ROLE_LABELS, dateTextProblem, isCalendarDate, type User } from '@imprest/domain';
import { Button, DateField, FormAlert, FormField, Input, SimpleGrid, SelectInput, Stack, Text, Textarea } from '@imprest/ui';
import { DELEGATION_TEXT as T } from '../../../strings';
import { useColleagues, useCreateDelegation } from './queries';

/** Passes the signed-in user's own reviewing to a colleague for some days; the server's refusal is shown as it says it. */
export function DelegationForm({ me }: { me: User }) {
  const today = useOrganizationToday();
  const [search, setSearch] = useState('');
  const [delegateId, setDelegateId] = useState('');
  // the first day is suggested and offered on the organisation's calendar, which the server judges by
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  // a day's problem shows once its box is left or the form is sent
  const [left, setLeft] = useState({ starts: false, ends: false });
  const startsProblem = dateTextProblem(startsOn, { min: today });
  const firstDay = isCalendarDate(startsOn) ? startsOn : undefined;
  const endsProblem = dateTextProblem(endsOn, { min: firstDay });
  const colleagues = useColleagues(search.trim(), me.id);
  const create = useCreateDelegation();
  const options = (colleagues.data ?? []).map((u) => ({ value: String(u.id), label: `${u.fullname} (${ROLE_LABELS[u.system_role]})` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const complete = delegateId !== '' && startsOn !== '' && endsOn !== '';
    setMissing(!complete);
    setLeft({ starts: true, ends: true });
    if (!complete || startsProblem || endsProblem) return;
    create.mutate(
      { delegate_id: Number(delegateId), starts_on: startsOn, ends_on: endsOn, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => (setDelegateId(''), setEndsOn(''), setNote(''), setLeft({ starts: false, ends: false })) },
    );
  };

  return (
    // our own check names what is missing, in the page's words, instead of the browser's bubble
    <form onSubmit={submit} aria-label={T.create} noValidate>
      <Stack gap="3">
        <Text fontWeight="semibold">{T.create}</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={T.find}>
            <Input type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          </FormField>
          <FormField label={T.delegate} required helper={colleagues.data && options.length === 0 ? T.noColleagues : undefined}>
            <SelectInput value={delegateId} options={options} onChange={setDelegateId} placeholder={T.chooseDelegate} />
          </FormField>
          <FormField label={T.startsOn} required helper={T.datesHelp} error={(left.starts && startsProblem) || undefined}>
            <DateField value={startsOn} min={today} onChange={setStartsOn} onBlur={() => setLeft((l) => ({ ...l, starts: true }))} />
          </FormField>
          <FormField label={T.endsOn} required error={(left.ends && endsProblem) || undefined}>
            <DateField value={endsOn} min={firstDay} onChange={setEndsOn} onBlur={() => setLeft((l) => ({ ...l, ends: true }))} />
          </FormField>
          <FormField label={T.note} wide>
            <Textarea value={note} maxLength={DELEGATION_NOTE_MAX} rows={2} onChange={(e) => setNote(e.currentTarget.value)} />
          </FormField>
        </SimpleGrid>
        {missing && <FormAlert status="error">{T.missing}</FormAlert>}
        {create.isError && <FormAlert status="error">{errorMessage(create.error)}</FormAlert>}
        {create.isSuccess && !missing && <FormAlert status="success">{T.created}</FormAlert>}
        <Button type="submit" alignSelf="flex-start" colorPalette="teal" loading={create.isPending}>
          {T.submit}
        </Button>
      </Stack>
    </form>
  );
}
