import { errorMessage } from '@imprest/api-client';
import { formatDate, type Delegation, type User } from '@imprest/domain';
import { Badge, Button, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { DELEGATION_TEXT as T } from '../../../strings';
import { useEndDelegation, useOpenDelegations } from './queries';

/** Its delegator ends it, or a director (the server answers 404 to anyone else). */
const mayEnd = (d: Delegation, me: User) => d.delegator_id === me.id || me.system_role === 'director';

function Row({ delegation, me }: { delegation: Delegation; me: User }) {
  const end = useEndDelegation();
  return (
    <Stack
      as="li"
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      aria-label={T.forWhom(delegation.delegator_name, delegation.delegate_name)}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">{T.forWhom(delegation.delegator_name, delegation.delegate_name)}</Text>
        <Badge colorPalette={delegation.state === 'running' ? 'green' : 'gray'}>
          {delegation.state === 'running' ? T.running : T.scheduled}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {T.days(formatDate(delegation.starts_on), formatDate(delegation.ends_on))}
      </Text>
      {delegation.note && <Text fontSize="sm">{delegation.note}</Text>}
      {mayEnd(delegation, me) && (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="red" loading={end.isPending} onClick={() => end.mutate(delegation.id)}>
            {T.end}
          </Button>
        </HStack>
      )}
      {end.isError && <FormAlert status="error">{errorMessage(end.error)}</FormAlert>}
    </Stack>
  );
}

/** Running and upcoming delegations naming the user (a director: all of them), each with End now where allowed. */
export function DelegationList({ me }: { me: User }) {
  const list = useOpenDelegations();
  if (list.isError) return <FormAlert status="error">{T.loadFailed}</FormAlert>;
  if (!list.data) return null;
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{T.current}</Text>
      {list.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {T.none}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={T.current}>
          {list.data.map((d) => (
            <Row key={d.id} delegation={d} me={me} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
