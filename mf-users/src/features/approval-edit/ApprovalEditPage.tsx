import { useNavigate } from '@imprest/router';
import { errorMessage, useSession } from '@imprest/api-client';
import { awaitsConnection, useApprovalMatrix } from '@imprest/api-client/query';
import { hasSuperAdminPermission } from '@imprest/domain';
import { Button, FormAlert, Stack } from '@imprest/ui';
import { Loading } from '../../components/Loading';
import { useBack } from '../../components/use-back';
import { PATHS, type MatrixSavedState } from '../../paths';
import { TEXT } from '../../strings';
import { MatrixForm } from './MatrixForm';

/** /dashboard/approval-object ('New Approval Details'): directors edit every band; the server refuses anyone else too. */
export default function ApprovalEditPage() {
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const back = useBack(PATHS.approvalMatrix);
  const isDirector = hasSuperAdminPermission(actor);
  const matrix = useApprovalMatrix();
  if (!actor) return null;

  if (!isDirector || matrix.isError) {
    return (
      <Stack gap="4" align="flex-start">
        {isDirector ? (
          <FormAlert status="error">{errorMessage(matrix.error)}</FormAlert>
        ) : (
          <FormAlert status="warning">{TEXT.approvalEdit.notAllowed}</FormAlert>
        )}
        <Button variant="outline" onClick={back}>
          {TEXT.approvalEdit.back}
        </Button>
      </Stack>
    );
  }
  // offline with nothing saved: the shell says so
  if (!matrix.data) return awaitsConnection(matrix) ? null : <Loading label={TEXT.matrix.loading} />;

  const saved: MatrixSavedState = { matrixSaved: true };
  return (
    <MatrixForm
      matrix={matrix.data.bands}
      onCancel={back}
      onSaved={() => navigate(PATHS.approvalMatrix, { replace: true, state: saved })}
    />
  );
}
