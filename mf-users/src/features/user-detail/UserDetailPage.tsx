import { useState } from 'react';
import { useNavigate, useParams } from '@imprest/router';
import { ApiError, errorMessage, getHistory, useSession } from '@imprest/api-client';
import { awaitsConnection, useDeleteUser, useUser } from '@imprest/api-client/query';
import { canDeleteUser, canRestrictUser, canSeeLastLogin, hasFinancePermission, optionLabel } from '@imprest/domain';
import { Box, Button, ConfirmDialog, FormAlert, Heading, Stack, Text } from '@imprest/ui';
import { Grid, HistorySection } from '@imprest/ui/forms';
import { Loading } from '../../components/Loading';
import { useBack } from '../../components/use-back';
import { roleLabel } from '../../components/user-options';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { AccountInfo } from './AccountInfo';
import { RestrictPanel } from './RestrictPanel';
import { UserForm } from './UserForm';

function Problem({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <Stack gap="4" align="flex-start">
      <FormAlert status="error">{message}</FormAlert>
      <Button variant="outline" onClick={onBack}>
        {TEXT.detail.back}
      </Button>
    </Stack>
  );
}

/** /dashboard/view-user/{id}: the user, Edit / Update User, Delete, account facts, Restrict Requests. */
export default function UserDetailPage() {
  const id = Number(useParams().id);
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const back = useBack(PATHS.users);
  const query = useUser(id);
  const remove = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const user = query.data;

  if (!actor) return null;
  // an answer already shown stays while a refetch fails (e.g. right after the delete)
  if (!user) {
    if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
      return <Problem message={TEXT.detail.notFound} onBack={back} />;
    }
    if (query.isError) return <Problem message={errorMessage(query.error)} onBack={back} />;
    if (awaitsConnection(query)) return null; // offline: the shell says it is not saved on this device
    return <Loading label={TEXT.detail.loading} />;
  }

  const confirmDelete = () => {
    setDeleteFailure(null);
    remove.mutate(user.id, {
      onSuccess: () => navigate(PATHS.users, { replace: true }),
      onError: (error) => setDeleteFailure(errorMessage(error)),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(16rem, 1fr)' }} gap="4" alignItems="start">
      <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="lg">
          {user.fullname}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mb="5">
          {roleLabel(user.system_role)} · {optionLabel(user.department)}
        </Text>
        {deleteFailure !== null && (
          <Box mb="4">
            <FormAlert status="error" detail={deleteFailure}>
              {TEXT.detail.deleteFailed}
            </FormAlert>
          </Box>
        )}
        <UserForm user={user} actor={actor} onBack={back} onDelete={canDeleteUser(actor, user) ? () => setConfirming(true) : undefined} />
      </Box>
      <Stack gap="4">
        <AccountInfo user={user} showLastLogin={canSeeLastLogin(actor)} />
        {canRestrictUser(actor, user) && <RestrictPanel user={user} />}
        {/* Finance reads anyone's history, everyone else their own */}
        {(hasFinancePermission(actor) || actor.id === user.id) && (
          <HistorySection load={() => getHistory('user', user.id)} refreshKey={user.modified_at} />
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={TEXT.detail.deleteTitle}
        message={TEXT.detail.deleteQuestion(user.fullname)}
        confirmLabel={TEXT.detail.delete}
        cancelLabel={TEXT.detail.cancel}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Grid>
  );
}
