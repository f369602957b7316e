import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from '@imprest/router';
import { ApiError, errorMessage, useSession } from '@imprest/api-client';
import { awaitsConnection, loadHistory, useRetirement } from '@imprest/api-client/query';
import { seesRetirementHistory } from '@imprest/domain';
import { Box, Stack } from '@imprest/ui';
import { HistorySection, RecordGate, SuccessPanel } from '@imprest/ui/forms';
import { PATHS } from '../../paths';
import { TEXT } from '../../strings';
import { History } from './History';
import { RetirementActions } from './RetirementActions';
import { RetirementFacts } from './RetirementFacts';
import { RetirementHeader } from './RetirementHeader';
import { ReviewList } from './ReviewList';
import { SettlementPanel } from './SettlementPanel';
import { retirementFormMode } from './form-mode';
import { OFFLINE_RETIREMENT_TEXT } from './offline-text';

const { form: text } = TEXT;

/** /dashboard/retirements/{id}: the Retirement Form in admin, edit or preview mode (docs/screens.md). */
export default function RetirementFormPage() {
  const id = Number(useParams().id);
  const viewer = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const query = useRetirement(id);
  const [done, setDone] = useState<'submitted' | 'reviewed' | 'queued' | null>(null);
  // opened again (the outbox's Edit while its panel shows): the form again, with the draft
  const { key } = useLocation();
  useEffect(() => setDone(null), [key]);

  if (!viewer) return null;
  if (done) {
    return (
      <Box bg="bg" borderWidth="1px" borderRadius="lg" p="6" maxW="2xl">
        <SuccessPanel
          title={done === 'queued' ? OFFLINE_RETIREMENT_TEXT.queued : done === 'submitted' ? text.submitted : text.reviewed}
          subtitle={done === 'queued' ? OFFLINE_RETIREMENT_TEXT.queuedNote : undefined}
          actionLabel={text.viewRequests}
          onAction={() => navigate(PATHS.requests, { replace: true })}
        />
      </Box>
    );
  }
  const missing = !Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404);
  if (missing || !query.data) {
    const failure = query.isError ? errorMessage(query.error) : null;
    return <RecordGate missing={missing} failure={failure} offline={awaitsConnection(query)} text={text} backTo={PATHS.list} />;
  }

  const r = query.data;
  const mode = retirementFormMode(viewer, r);
  return (
    <Stack gap="4" maxW="4xl" data-mode={mode}>
      <RetirementHeader retirement={r} />
      <RetirementFacts retirement={r} submitted={mode !== 'edit'} />
      <SettlementPanel retirement={r} viewer={viewer} refetch={query.refetch} />
      <RetirementActions key={key} mode={mode} viewer={viewer} retirement={r} onDone={setDone} refetch={query.refetch} />
      <ReviewList reviews={r.status === 'pending' ? [] : r.reviews} />
      <History retirement={r} />
      {seesRetirementHistory(viewer, r) && <HistorySection load={() => loadHistory('retirement', r.id)} refreshKey={r.modified_at} />}
    </Stack>
  );
}
