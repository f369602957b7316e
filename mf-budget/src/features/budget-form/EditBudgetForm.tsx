import { useState } from 'react';
import { errorMessage } from '@imprest/api-client';
import { useUpdateBudget } from '@imprest/api-client/query';
import type { BudgetCode, BudgetInput } from '@imprest/domain';
import { FormAlert, HStack, Heading, Stack, Text } from '@imprest/ui';
import { StatusBadge } from '../../components/StatusBadge';
import { TEXT } from '../../strings';
import { BudgetForm } from './BudgetForm';
import { StatusActions } from './StatusActions';
import { valuesOf } from './form-values';

interface EditBudgetFormProps {
  budget: BudgetCode;
  onSaved: (saved: BudgetCode) => void;
  onCancel: () => void;
}

/** The code as heading, the form (locked where prior requests demand it), then Archive / Re-activate and Delete. */
export function EditBudgetForm({ budget, onSaved, onCancel }: EditBudgetFormProps) {
  const update = useUpdateBudget();
  const [failure, setFailure] = useState<string | null>(null);
  const locked = budget.requests_count > 0;
  // the form keeps what was typed while the code is refetched (e.g. after Archive)
  const [initialValues] = useState(() => valuesOf(budget));

  const save = async (input: BudgetInput) => {
    setFailure(null);
    try {
      onSaved(await update.mutateAsync({ id: budget.id, ...input }));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="5">
      <div>
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          {TEXT.form.editTitle}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Heading as="h2" size="xl" fontVariantNumeric="tabular-nums">
            {budget.code}
          </Heading>
          <StatusBadge status={budget.current_status} />
        </HStack>
        <Text color="fg.muted">{budget.name}</Text>
      </div>
      {locked && <FormAlert status="warning">{TEXT.form.locked}</FormAlert>}
      <BudgetForm
        initialValues={initialValues}
        locked={locked}
        minAmount={locked ? budget.amount : budget.committed}
        alert={failure !== null && <FormAlert status="error">{failure}</FormAlert>}
        onSubmit={save}
        onCancel={onCancel}
      />
      <StatusActions budget={budget} />
    </Stack>
  );
}
