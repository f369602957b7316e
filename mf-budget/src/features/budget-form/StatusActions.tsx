import { useState } from 'react';
import { useNavigate } from '@imprest/router';
import { errorMessage } from '@imprest/api-client';
import { useRemoveBudget, useSetBudgetStatus } from '@imprest/api-client/query';
import type { BudgetCode } from '@imprest/domain';
import { Box, Button, ConfirmDialog, FormAlert, HStack, Stack, Text } from '@imprest/ui';
import { PATHS, type DetailState } from '../../paths';
import { useOnline } from '@imprest/api-client/offline';
import { TEXT } from '../../strings';
import { OfflineReason } from './offline-reason';

const { form } = TEXT;

/**
 * Archive or Re-activate, and Delete while no request uses the code (docs/screens.md, docs/product-rules.md §Validation). After a delete
 * the user goes to the code's detail route, which then says it is gone.
 */
export function StatusActions({ budget }: { budget: BudgetCode }) {
  const navigate = useNavigate();
  const setStatus = useSetBudgetStatus();
  const remove = useRemoveBudget();
  // which act waits for a yes: every one of them changes what requests may do, as Delete does
  const [confirming, setConfirming] = useState<'delete' | 'status' | null>(null);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const archived = budget.current_status === 'archived';
  // archiving or deleting a code changes what requests may spend: never queued offline
  const online = useOnline();

  const toggle = () => {
    setResult(null);
    setStatus.mutate(
      { id: budget.id, current_status: archived ? 'active' : 'archived' },
      {
        onSuccess: (saved) =>
          setResult({ status: 'success', text: saved.current_status === 'archived' ? form.archived : form.reactivated }),
        onError: (error) => setResult({ status: 'error', text: errorMessage(error) }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const confirmDelete = () => {
    setResult(null);
    remove.mutate(budget, {
      onSuccess: () => navigate(PATHS.detail(budget.code), { replace: true, state: { deleted: true } satisfies DetailState }),
      onError: (error) => setResult({ status: 'error', text: errorMessage(error) }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Stack gap="3" borderTopWidth="1px" pt="5">
      <Text fontSize="sm" color="fg.muted">
        {form.statusHelp}
      </Text>
      {!online && <OfflineReason />}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" colorPalette={archived ? 'teal' : 'gray'} disabled={!online} onClick={() => setConfirming('status')}>
          {archived ? form.reactivate : form.archive}
        </Button>
        {budget.requests_count === 0 && (
          <Button variant="outline" colorPalette="red" disabled={!online} onClick={() => setConfirming('delete')}>
            {form.delete}
          </Button>
        )}
      </HStack>
      {result && (
        <Box>
          <FormAlert status={result.status}>{result.text}</FormAlert>
        </Box>
      )}
      <ConfirmDialog
        open={confirming === 'status'}
        title={archived ? form.reactivateTitle : form.archiveTitle}
        message={archived ? form.reactivateQuestion(budget.code) : form.archiveQuestion(budget.code)}
        confirmLabel={archived ? form.reactivate : form.archive}
        cancelLabel={form.cancel}
        danger={!archived}
        busy={setStatus.isPending}
        onConfirm={toggle}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={form.deleteTitle}
        message={form.deleteQuestion(budget.code)}
        confirmLabel={form.delete}
        cancelLabel={form.cancel}
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
