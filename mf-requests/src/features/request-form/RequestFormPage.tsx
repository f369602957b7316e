import { useEffect, useState } from 'react';
import { useSession } from '@imprest/api-client';
import { Navigate, useLocation, useNavigate } from '@imprest/router';
import { Box } from '@imprest/ui';
import { SuccessPanel } from '@imprest/ui/forms';
import { PATHS, type RequestFormState } from '../../paths';
import { TEXT } from '../../strings';
import { RequestForm } from './RequestForm';
import { OFFLINE_FORM_TEXT } from './offline-text';

/**
 * /dashboard/new-requests: a new request, or (navigation state {currentRequest, isEdit}) the
 * edit and resubmission of a returned one. A locked account may do neither (docs/screens.md "Layout").
 */
export default function RequestFormPage() {
  const user = useSession((s) => s.currentUser);
  const location = useLocation();
  const navigate = useNavigate();
  const [done, setDone] = useState<'sent' | 'queued' | null>(null);
  // opened again (the outbox's Edit while its panel shows): a fresh form that loads the draft
  useEffect(() => setDone(null), [location.key]);
  if (!user) return null;
  if (user.is_locked) return <Navigate to={PATHS.list} replace />;

  const state = (location.state ?? {}) as RequestFormState;
  const parent = state.isEdit && state.currentRequest ? state.currentRequest : null;
  // opened directly there is nothing to go back to: the list is where requests are
  const back = () => (location.key === 'default' ? navigate(PATHS.list) : navigate(-1));

  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }} maxW="4xl">
      {done === 'queued' ? (
        <SuccessPanel
          title={OFFLINE_FORM_TEXT.queued}
          subtitle={OFFLINE_FORM_TEXT.queuedSubtitle}
          actionLabel={TEXT.form.viewRequests}
          onAction={() => navigate(PATHS.list, { replace: true })}
        />
      ) : done ? (
        <SuccessPanel
          title={parent ? TEXT.form.resubmitted : TEXT.form.submitted}
          subtitle={parent ? TEXT.form.resubmittedSubtitle : TEXT.form.submittedSubtitle}
          actionLabel={TEXT.form.viewRequests}
          onAction={() => navigate(PATHS.list, { replace: true })}
        />
      ) : (
        <RequestForm
          key={location.key}
          user={user}
          parent={parent}
          onDone={(result) => setDone('queued' in result ? 'queued' : 'sent')}
          onCancel={back}
        />
      )}
    </Box>
  );
}
