import { useState } from 'react';
import { useNavigate, useSearchParams } from '@imprest/router';
import { ApiError, confirmEmail, errorMessage } from '@imprest/api-client';
import { AuthCard } from './AuthCard';
import { Button, Notice, Stack } from '../light-ui/components';
import { TEXT } from '../../strings';

type Outcome =
  { kind: 'idle' } | { kind: 'pending' } | { kind: 'confirmed'; email: string } | { kind: 'refused' | 'failed'; message: string };

/**
 * The page the confirmation e-mail of a new sign-in address links to. It acts only when the
 * button is pressed, never on load: mail scanners open links, and must not confirm them.
 */
export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const toSignIn = (
    <Button type="button" variant={outcome.kind === 'confirmed' ? 'primary' : 'outline'} onClick={() => navigate('/', { replace: true })}>
      {TEXT.confirmEmail.toSignIn}
    </Button>
  );

  const confirm = async () => {
    setOutcome({ kind: 'pending' });
    try {
      const { email } = await confirmEmail({ token });
      setOutcome({ kind: 'confirmed', email });
    } catch (error) {
      // a 4xx is final (used, expired, unknown link); a rate limit or a failure may pass on a second press
      const final = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
      setOutcome({ kind: final ? 'refused' : 'failed', message: errorMessage(error) });
    }
  };

  if (outcome.kind === 'confirmed') {
    return (
      <AuthCard>
        <div className="imp-success">
          <div className="imp-tick" aria-hidden="true">
            ✓
          </div>
          <h1>{TEXT.confirmEmail.doneTitle}</h1>
          <p className="imp-muted">{TEXT.confirmEmail.done(outcome.email)}</p>
          {toSignIn}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={TEXT.confirmEmail.title}>
      <Stack>
        <p className="imp-muted">{token ? TEXT.confirmEmail.intro : TEXT.confirmEmail.missing}</p>
        {(outcome.kind === 'refused' || outcome.kind === 'failed') && <Notice tone="error">{outcome.message}</Notice>}
        {token && (outcome.kind === 'idle' || outcome.kind === 'pending' || outcome.kind === 'failed') && (
          <Button type="button" loading={outcome.kind === 'pending'} onClick={() => void confirm()}>
            {TEXT.confirmEmail.confirm}
          </Button>
        )}
        {toSignIn}
      </Stack>
    </AuthCard>
  );
}
