import { useEffect, useId, useState } from 'react';
import { useSearchParams } from '@imprest/router';
import { actOnReviewLink, errorMessage, fetchReviewLink } from '@imprest/api-client';
import { REVIEW_COMMENTS_MAX, ROLE_LABELS, formatAmount, formatDate, optionLabel, type ReviewLinkView } from '@imprest/domain';
// eslint-disable-next-line no-restricted-imports -- the action page is framed like the sign-in pages, signed out
import { AuthCard } from '../auth/AuthCard';
import { Button, FullScreenLoader, Notice, Stack } from '../light-ui/components';

type Action = 'approved' | 'request_edit' | 'rejected';
const ACTIONS: Array<{ status: Action; label: string; variant: 'primary' | 'outline' }> = [
  { status: 'approved', label: 'Accept', variant: 'primary' },
  { status: 'request_edit', label: 'Return for Edits', variant: 'outline' },
  { status: 'rejected', label: 'Reject', variant: 'outline' },
];
const STATUS_SHOWN = { pending: 'Pending', approved: 'Accepted', rejected: 'Rejected', request_edit: 'Returned for edits' } as const;

/**
 * The page a reviewer's e-mail links to: the request, its documents and earlier reviews,
 * and the three actions. Loading it acts on nothing — mail scanners open links — only a button
 * does, once; the server re-checks everything then and says what happened if it cannot.
 */
export default function ReviewActionPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const commentsId = useId();
  const [view, setView] = useState<ReviewLinkView | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : 'This link is incomplete. Open the request in Imprest instead.');
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    fetchReviewLink(token).then(setView, (error) => setProblem(errorMessage(error)));
  }, [token]);

  const act = async (status: Action) => {
    if (status !== 'approved' && !comments.trim()) {
      setProblem('Write a comment to reject or return the request.');
      return;
    }
    setBusy(status);
    setProblem(null);
    try {
      const result = await actOnReviewLink(token, { status, comments });
      // The chain as it now is (this step acted, the next one pending), not as it was when the page opened.
      setView((before) => before && { ...before, state: 'used', request: result.request });
      setDone(result.message);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (!view && !problem) return <FullScreenLoader />;
  const request = view?.request;
  return (
    <AuthCard title="Review request">
      <Stack>
        {view && (
          <p className="imp-muted">
            For {view.recipient_name}
            {view.on_behalf_of_name && `, acting for ${view.on_behalf_of_name}`} — {ROLE_LABELS[view.step.reviewer_role]}, step{' '}
            {view.step.position + 1}
          </p>
        )}
        {view?.message && !done && <Notice tone="info">{view.message}</Notice>}
        {request && (
          <dl className="imp-facts">
            <dt>Requested by</dt>
            <dd>{request.request_owner_name}</dd>
            <dt>Purpose</dt>
            <dd>{optionLabel(request.purpose)}</dd>
            <dt>Amount</dt>
            <dd>{formatAmount(request.amount_requested, request.amount_currency)}</dd>
            <dt>Budget</dt>
            <dd>
              {request.budget_code} {request.budget_name}
            </dd>
            <dt>Supplier</dt>
            <dd>{request.name_of_establishment}</dd>
            <dt>Expenditure date</dt>
            <dd>{formatDate(request.expenditure_date)}</dd>
            <dt>Justification</dt>
            <dd>{request.expenditure_justification}</dd>
          </dl>
        )}
        {view && view.documents.length > 0 && (
          <section aria-label="Documents">
            <h2>Documents</h2>
            <ul>
              {view.documents.map((d) => (
                <li key={d.url}>
                  <a href={d.url}>{d.name}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {request && (
          <section aria-label="Reviews">
            <h2>Reviews</h2>
            <ol>
              {request.reviews.map((r) => (
                <li key={r.id}>
                  {ROLE_LABELS[r.reviewer_role]}: {STATUS_SHOWN[r.status]}
                  {r.reviewer_name && ` by ${r.reviewer_name}${r.on_behalf_of_name ? ` for ${r.on_behalf_of_name}` : ''}`}
                  {r.comments && ` — ${r.comments}`}
                </li>
              ))}
            </ol>
          </section>
        )}
        {problem && <Notice tone="error">{problem}</Notice>}
        {done && <Notice tone="success">{done}</Notice>}
        {view?.state === 'open' && !done && (
          <>
            <div className="imp-field">
              <label htmlFor={commentsId}>Comments</label>
              <textarea
                id={commentsId}
                className="imp-input"
                rows={3}
                maxLength={REVIEW_COMMENTS_MAX}
                value={comments}
                onChange={(e) => setComments(e.target.value)}
              />
              <small>Needed to reject or return</small>
            </div>
            {ACTIONS.map((a) => (
              <Button
                key={a.status}
                type="button"
                variant={a.variant}
                loading={busy === a.status}
                disabled={busy !== null}
                onClick={() => void act(a.status)}
              >
                {a.label}
              </Button>
            ))}
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
