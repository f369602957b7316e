import { useState, type FormEvent } from 'react';
import { errorMessage } from '@imprest/api-client';
import { ROLE_LABELS, type User } from '@imprest/domain';
import { Button, FormAlert, FormField, Input, SimpleGrid, SelectInput, Stack, Text, Textarea } from '@imprest/ui';
import { DELEGATION_TEXT as T } from '../../strings';
import { useColleagues, useCreateDelegation } from './queries';

/** Today as the browser sees it: a starting suggestion only, the server judges "today" in the organisation's time zone. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Passes the signed-in user's own reviewing to a colleague for some days; the server's refusal is shown as it says it. */
export function DelegationForm({ me }: { me: User }) {
  const [search, setSearch] = useState('');
  const [delegateId, setDelegateId] = useState('');
  const [startsOn, setStartsOn] = useState(localToday);
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const colleagues = useColleagues(search.trim(), me.id);
  const create = useCreateDelegation();
  const options = (colleagues.data ?? []).map((u) => ({ value: String(u.id), label: `${u.fullname} (${ROLE_LABELS[u.system_role]})` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const complete = delegateId !== '' && startsOn !== '' && endsOn !== '';
    setMissing(!complete);
    if (!complete) return;
    create.mutate(
      { delegate_id: Number(delegateId), starts_on: startsOn, ends_on: endsOn, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => (setDelegateId(''), setEndsOn(''), setNote('')) },
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
          <FormField label={T.startsOn} required helper={T.datesHelp}>
            <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.currentTarget.value)} />
          </FormField>
          <FormField label={T.endsOn} required>
            <Input type="date" value={endsOn} min={startsOn || undefined} onChange={(e) => setEndsOn(e.currentTarget.value)} />
          </FormField>
          <FormField label={T.note} wide>
            <Textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.currentTarget.value)} />
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
