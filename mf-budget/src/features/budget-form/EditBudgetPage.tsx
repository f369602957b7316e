import { useState } from 'react';
import { useNavigate, useParams } from '@imprest/router';
import { ApiError, errorMessage, useSession } from '@imprest/api-client';
import { awaitsConnection, useBudget } from '@imprest/api-client/query';
import { hasFinancePermission } from '@imprest/domain';
import { DEFAULT_PAGE_SIZE, FormAlert } from '@imprest/ui';
import { SuccessPanel } from '@imprest/ui/forms';
import { Loading, Problem } from '../../components/PageStates';
import { PATHS, codeParam } from '../../paths';
import { TEXT } from '../../strings';
import { EditBudgetForm } from './EditBudgetForm';
import { FormCard } from './FormCard';

/**
 * /dashboard/edit-budget/{code}. Cancel, and Go Back after a save, return to the code's detail in
 * place of this history entry (docs/screens.md); a save may have changed the code itself.
 */
export default function EditBudgetPage() {
  const code = codeParam(useParams().code);
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  // the same page of the detail call the detail screen shows first, so the two share one answer
  const query = useBudget(code ?? 0, { page: 1, per_page: DEFAULT_PAGE_SIZE });
  const [savedCode, setSavedCode] = useState<number | null>(null);

  if (!actor) return null;
  if (!hasFinancePermission(actor)) return <FormAlert status="warning">{TEXT.notAllowed}</FormAlert>;
  if (savedCode !== null) {
    return (
      <FormCard>
        <SuccessPanel
          title={TEXT.form.edited}
          subtitle={TEXT.form.editedSubtitle}
          actionLabel={TEXT.form.goBack}
          onAction={() => navigate(PATHS.detail(savedCode), { replace: true })}
        />
      </FormCard>
    );
  }
  if (code === null || (query.error instanceof ApiError && query.error.status === 404)) return <Problem message={TEXT.notFound} />;
  if (!query.data) {
    if (awaitsConnection(query)) return null; // offline: the shell says it is not saved on this device
    return query.isError ? <Problem message={errorMessage(query.error)} /> : <Loading />;
  }

  return (
    <FormCard>
      <EditBudgetForm
        budget={query.data.data}
        onSaved={(saved) => setSavedCode(saved.code)}
        onCancel={() => navigate(PATHS.detail(code), { replace: true })}
      />
    </FormCard>
  );
}
