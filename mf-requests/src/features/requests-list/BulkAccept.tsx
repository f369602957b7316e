import { useState } from 'react';
import { bulkAccept, errorMessage, type AwaitingReview } from '@imprest/api-client';
import { useOnline } from '@imprest/api-client/offline';
import { useAwaitingReviews } from '@imprest/api-client/query';
import { REVIEW_COMMENTS_MAX, formatAmount, optionLabel, type BulkReviewItem, type SystemRole } from '@imprest/domain';
import { Box, Button, ConfirmDialog, Flex, FormAlert, Stack, Text } from '@imprest/ui';
import { OfflineReason } from '../../components/offline-reason';
import { TEXT } from '../../strings';
import { totalsByCurrency } from './bulk-totals';

/**
 * Admin mode: the requests awaiting the reviewer's role, and those at a step they hold
 * through a running delegation ("on behalf of" its delegator), to select and "Accept selected"
 * with one optional comment. The server acts on each one separately with every usual check and
 * answers per item; each row then says whether it was accepted and, if not, why. Reject and Return
 * stay one at a time on the request: they need their own comment.
 */
export function BulkAccept({ role, userId, onDone }: { role: SystemRole; userId: number; onDone: () => void }) {
  // the server decides what the caller may accept (their role, delegations running today)
  const awaiting = useAwaitingReviews(userId, role);
  // after Accept the rows stay in view, in place, with their outcomes, though the list read again lacks them
  const [shown, setShown] = useState<AwaitingReview[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [comments, setComments] = useState('');
  const [results, setResults] = useState<Map<number, BulkReviewItem>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // accepting moves money for every request at once: the reviewer sees how many and how much first
  const [confirming, setConfirming] = useState(false);
  // accepting moves money: never queued, so offline the button waits for a connection
  const online = useOnline();

  const current = awaiting.data ?? [];
  const rows = shown ? [...shown, ...current.filter((row) => !shown.some((r) => r.id === row.id))] : current;
  const readProblem = awaiting.isError && !awaiting.data ? errorMessage(awaiting.error) : null;
  if (rows.length === 0 && !problem && !readProblem) return null;
  const toggle = (id: number) => setSelected((now) => new Set(now.has(id) ? [...now].filter((x) => x !== id) : [...now, id]));
  const chosen = rows.filter((r) => selected.has(r.id));
  const accept = async () => {
    setConfirming(false);
    setBusy(true);
    setProblem(null);
    try {
      const answer = await bulkAccept({ request_ids: [...selected], comments: comments.trim() || undefined });
      setShown(rows);
      setResults(new Map(answer.map((r) => [r.request_id, r])));
      setSelected(new Set());
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-label="Awaiting your review" borderWidth="1px" borderRadius="md" p="4" data-testid="bulk-accept">
      <Stack gap="3">
        <Text fontWeight="semibold">Awaiting your review</Text>
        {(problem ?? readProblem) && <FormAlert status="error">{problem ?? readProblem}</FormAlert>}
        {rows.map((r) => {
          const result = results.get(r.id);
          return (
            <Flex key={r.id} as="label" gap="3" align="center" wrap="wrap" data-request-id={r.id}>
              <input
                type="checkbox"
                checked={selected.has(r.id)}
                disabled={!!result?.ok}
                onChange={() => toggle(r.id)}
                aria-label={`Select request ${r.id} by ${r.request_owner_name}`}
              />
              <Text flex="1">
                {r.request_owner_name} · {optionLabel(r.purpose)} · {formatAmount(r.amount_requested, r.amount_currency)}
              </Text>
              {r.on_behalf_of_name && (
                <Text fontSize="sm" color="fg.muted">
                  on behalf of {r.on_behalf_of_name}
                </Text>
              )}
              {result && (
                <Text fontSize="sm" color={result.ok ? 'green.700' : 'red.700'} role="status">
                  {result.ok ? 'Accepted' : `Not accepted: ${result.error}`}
                </Text>
              )}
            </Flex>
          );
        })}
        <textarea
          aria-label="Comment for every accepted request (optional)"
          placeholder="Comment (optional)"
          value={comments}
          maxLength={REVIEW_COMMENTS_MAX}
          onChange={(e) => setComments(e.target.value)}
          rows={2}
        />
        <Flex gap="3" align="center">
          <Button
            size="sm"
            colorPalette="green"
            loading={busy}
            disabled={selected.size === 0 || !online}
            onClick={() => setConfirming(true)}
          >
            Accept selected ({selected.size})
          </Button>
          {!online && <OfflineReason />}
        </Flex>
        <ConfirmDialog
          open={confirming}
          title={TEXT.bulkConfirm.title}
          message={TEXT.bulkConfirm.message(chosen.length, totalsByCurrency(chosen))}
          confirmLabel={TEXT.bulkConfirm.confirm(chosen.length)}
          cancelLabel={TEXT.bulkConfirm.cancel}
          onConfirm={() => void accept()}
          onCancel={() => setConfirming(false)}
        />
      </Stack>
    </Box>
  );
}
