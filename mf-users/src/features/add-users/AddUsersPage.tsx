import { lazy, Suspense, useState } from 'react';
import { useNavigate } from '@imprest/router';
import { useSession } from '@imprest/api-client';
import { canAddUsers } from '@imprest/domain';
import { Box, Button, FormAlert, HStack } from '@imprest/ui';
import { SuccessPanel } from '@imprest/ui/forms';
import { useBack } from '../../components/use-back';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { Loading } from '../../components/Loading';
import { SingleUserForm } from './SingleUserForm';

// papaparse and the preview load only when someone chooses to upload a CSV
const BulkUsers = lazy(() => import('./BulkUsers').then((module) => ({ default: module.BulkUsers })));

/** docs/records.md user-type options. */
type Kind = 'addSingleUser' | 'addMultipleUsers';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'addSingleUser', label: TEXT.add.single },
  { value: 'addMultipleUsers', label: TEXT.add.multiple },
];

function KindChoice({ kind, onChange }: { kind: Kind; onChange: (kind: Kind) => void }) {
  return (
    <HStack role="radiogroup" aria-label={TEXT.add.kind} gap="2" wrap="wrap">
      {KINDS.map((option) => (
        <Button
          key={option.value}
          role="radio"
          aria-checked={kind === option.value}
          variant={kind === option.value ? 'solid' : 'outline'}
          colorPalette="teal"
          size="sm"
          flex={{ base: '1', sm: 'initial' }}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </HStack>
  );
}

/** /dashboard/new-users: one user by form or many by CSV, then 'User added!'. */
export default function AddUsersPage() {
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const back = useBack(PATHS.users);
  const [kind, setKind] = useState<Kind>('addSingleUser');
  const [added, setAdded] = useState<number | null>(null);
  if (!actor) return null;
  if (!canAddUsers(actor)) return <FormAlert status="warning">{TEXT.add.notAllowed}</FormAlert>;

  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      {added !== null ? (
        <SuccessPanel
          title={TEXT.add.added}
          subtitle={added === 1 ? TEXT.add.addedOne : TEXT.add.addedMany(added)}
          actionLabel={TEXT.add.viewUsers}
          onAction={() => navigate(PATHS.users)}
        />
      ) : (
        <>
          <Box mb="6">
            <KindChoice kind={kind} onChange={setKind} />
          </Box>
          {kind === 'addSingleUser' ? (
            <SingleUserForm actor={actor} onAdded={setAdded} onCancel={back} />
          ) : (
            <Suspense fallback={<Loading label={TEXT.loading} />}>
              <BulkUsers onAdded={setAdded} onCancel={back} />
            </Suspense>
          )}
        </>
      )}
    </Box>
  );
}
