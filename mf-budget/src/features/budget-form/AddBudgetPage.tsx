import { useState } from 'react';
import { useNavigate } from '@imprest/router';
import { errorMessage, useSession } from '@imprest/api-client';
import { useCreateBudget, useFormKey } from '@imprest/api-client/query';
import { hasFinancePermission, type BudgetInput } from '@imprest/domain';
import { FormAlert } from '@imprest/ui';
import { SuccessPanel } from '@imprest/ui/forms';
import { useBack } from '../../components/use-back';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { BudgetForm } from './BudgetForm';
import { FormCard } from './FormCard';
import { NEW_BUDGET } from './form-values';

/** /dashboard/new-budget: Cancel goes back one step; success shows 'Budget Added Successful!' (docs/screens.md). */
export default function AddBudgetPage() {
  const actor = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const back = useBack(PATHS.list);
  const create = useCreateBudget();
  const options = useFormKey();
  const [added, setAdded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!actor) return null;
  if (!hasFinancePermission(actor)) return <FormAlert status="warning">{TEXT.notAllowed}</FormAlert>;

  const save = async (input: BudgetInput) => {
    setFailure(null);
    try {
      await create.mutateAsync({ body: input, options });
      setAdded(true);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <FormCard>
      {added ? (
        <SuccessPanel
          title={TEXT.form.added}
          subtitle={TEXT.form.addedSubtitle}
          actionLabel={TEXT.form.goBack}
          onAction={() => navigate(PATHS.list)}
        />
      ) : (
        <BudgetForm
          initialValues={NEW_BUDGET}
          alert={failure !== null && <FormAlert status="error">{TEXT.form.addFailed(failure)}</FormAlert>}
          onSubmit={save}
          onCancel={back}
        />
      )}
    </FormCard>
  );
}
