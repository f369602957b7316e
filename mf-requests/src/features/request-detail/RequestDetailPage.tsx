import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from '@imprest/router';
import { ApiError, errorMessage, useSession } from '@imprest/api-client';
import { awaitsConnection, loadHistory, useLentRoles, useRequest } from '@imprest/api-client/query';
import { hasFinancePermission, optionLabel, type RequestRecord } from '@imprest/domain';
import { Button, FormAlert, Stack } from '@imprest/ui';
import { Grid, HistorySection, RecordGate } from '@imprest/ui/forms';
import { PATHS } from '../../paths';
import { ApprovalBox } from './ApprovalBox';
import { DetailHeader } from './DetailHeader';
import { OwnerAdvances } from './OwnerAdvances';
import { PRINT_ATTRIBUTE, PrintStyles } from './PrintStyles';
import { ProgressSteps } from './ProgressSteps';
import { RelatedRequests } from './RelatedRequests';
import { RequestFacts } from './RequestFacts';
import { RequestRetirement } from './RequestRetirement';
import { RetirementPanel } from './RetirementPanel';
import { ReviewPanels } from './ReviewPanels';
import { ReviewSection } from './ReviewSection';
import { VersionChanges } from './VersionChanges';
import { VersionSelect } from './VersionSelect';
import { DETAIL_TEXT } from './strings';
import { allVersions, previousVersion } from './versions';
import { canEditRequest, previewMode } from './view-mode';

// the payout panel brings its form (formik, the phone rules: ~48 KB br) and shows only on an
// approved request: fetched then, not with every detail, so the page's own code is ~10 KB
const PayoutPanel = lazy(() => import('./payout/PayoutPanel').then((m) => ({ default: m.PayoutPanel })));

/** /dashboard/requests/{id} and /dashboard/view-request/{id}: one request, its versions, its review chain. */
export default function RequestDetailPage() {
  const id = Number(useParams().id);
  const viewer = useSession((s) => s.currentUser);
  const navigate = useNavigate();
  const query = useRequest(id);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const lent = useLentRoles(viewer);

  if (!viewer) return null;
  const missing = !Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404);
  if (missing || !query.data) {
    const failure = query.isError ? errorMessage(query.error) : null;
    return <RecordGate missing={missing} failure={failure} offline={awaitsConnection(query)} text={DETAIL_TEXT} backTo={PATHS.list} />;
  }

  const versions = allVersions(query.data);
  const shown = versions.find((v) => v.id === (selectedId ?? query.data.id)) ?? versions[0];
  const previous = previousVersion(versions, shown);
  const mode = previewMode(viewer, shown, editing);
  // the retirement and the owner's advances belong to the request as it stands, not an older version
  const { retirement = null, owner_advances: advances } = query.data;
  const latest = shown.id === query.data.id;
  const awaitingReview = shown.current_status === 'pending' || shown.current_status === 'on_progress';

  const edit = (request: RequestRecord) => {
    setEditing(true);
    navigate(PATHS.form, { state: { currentRequest: request, isEdit: true, isAdmin: false } });
  };

  return (
    <Stack gap="4" data-mode={mode} {...PRINT_ATTRIBUTE}>
      <PrintStyles />
      <DetailHeader purpose={optionLabel(shown.purpose)} />
      <VersionSelect versions={versions} shownId={shown.id} onChange={setSelectedId} />
      {mode === 'history' && <FormAlert status="info">{DETAIL_TEXT.historyNote(shown.version)}</FormAlert>}
      <ProgressSteps request={shown} retirementStatus={latest ? retirement?.status : null} />
      {mode === 'admin' && latest && awaitingReview && advances && <OwnerAdvances advances={advances} />}
      {/* reviewers and finance: the owner's other requests on this code, in case it was split to stay below a band */}
      {latest && viewer.id !== query.data.request_owner_id && <RelatedRequests requestId={query.data.id} />}
      {shown.approval_number && (
        <ApprovalBox approvalNumber={shown.approval_number} approvedAt={shown.approved_at}>
          {latest && !retirement && shown.current_retirement === null && hasFinancePermission(viewer) && (
            <RequestRetirement requestId={shown.id} />
          )}
        </ApprovalBox>
      )}
      {/* how the advance was paid, and finance's form to record it */}
      {latest && shown.current_status === 'approved' && (
        <Suspense fallback={null}>
          <PayoutPanel request={query.data} viewer={viewer} refetch={query.refetch} />
        </Suspense>
      )}
      {latest && retirement && <RetirementPanel retirement={retirement} />}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(18rem, 2fr)' }} gap="4" alignItems="start">
        <RequestFacts request={shown} />
        <Stack gap="4">
          <ReviewPanels reviews={shown.reviews} status={shown.current_status} />
          {mode === 'admin' && <ReviewSection viewer={viewer} request={shown} refetch={query.refetch} lent={lent} />}
          {mode !== 'history' && canEditRequest(viewer, shown) && (
            <Button colorPalette="teal" alignSelf="flex-start" loading={mode === 'edit'} onClick={() => edit(shown)} data-print-hide>
              {DETAIL_TEXT.edit}
            </Button>
          )}
        </Stack>
      </Grid>
      {previous && <VersionChanges previous={previous} shown={shown} />}
      {/* the audit history of every version: finance reads any request's, everyone else their own */}
      {(hasFinancePermission(viewer) || viewer.id === query.data.request_owner_id) && (
        <HistorySection load={() => loadHistory('request', query.data.id)} refreshKey={query.dataUpdatedAt} />
      )}
    </Stack>
  );
}
