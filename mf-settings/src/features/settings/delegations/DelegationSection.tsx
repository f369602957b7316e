import type { User } from '@imprest/domain';
import { Stack, Text } from '@imprest/ui';
import { DELEGATION_TEXT as T } from '../../../strings';
import { DelegationForm } from './DelegationForm';
import { DelegationList } from './DelegationList';

/** Out of office: the user's delegations and a form to make one. */
export function DelegationSection({ me }: { me: User }) {
  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        {T.help} {me.system_role === 'director' && T.directorHelp}
      </Text>
      <DelegationList me={me} />
      <DelegationForm me={me} />
    </Stack>
  );
}
