import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from '@imprest/router';
import { ApiError, setNewPassword, useSession } from '@imprest/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@imprest/domain';
import { AuthCard } from './AuthCard';
import { Button, Notice, Stack, TextField } from '../light-ui/components';
import { TEXT } from '../../strings';

/**
 * docs/product-rules.md §Messages's 'Error. Couldn't reset password', or the server's fuller words when it says why the
 * link no longer works (used, superseded, expired): they start with the same text.
 */
function failureOf(error: unknown): { text: string; linkProblem: boolean } {
  const explained = error instanceof ApiError && error.status === 400 && error.message.startsWith(`${TEXT.newPassword.failed}:`);
  return explained ? { text: error.message, linkProblem: true } : { text: TEXT.newPassword.failed, linkProblem: false };
}

interface LinkState {
  token?: string;
  email?: string;
}

export default function NewPasswordPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LinkState;
  const status = useSession((s) => s.resetPassword);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [linkProblem, setLinkProblem] = useState(false);

  if (!state.token) return <Navigate to="/" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError(TEXT.newPassword.mismatch);
      return;
    }
    try {
      await setNewPassword({ token: state.token!, email: state.email ?? '', password });
      navigate('/success-auth', { replace: true });
    } catch (failure) {
      const { text, linkProblem: stale } = failureOf(failure);
      setError(text);
      setLinkProblem(stale);
    }
  };

  const onType = (set: (v: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setError('');
  };

  return (
    <AuthCard title={TEXT.newPassword.title}>
      <form onSubmit={onSubmit}>
        <Stack>
          {state.email && <p className="imp-muted">{state.email}</p>}
          <TextField
            label={TEXT.newPassword.password}
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={onType(setPassword)}
            help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            required
          />
          <TextField
            label={TEXT.newPassword.confirm}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirm}
            onChange={onType(setConfirm)}
            required
          />
          {error && <Notice tone="error">{error}</Notice>}
          {linkProblem && (
            <Link className="imp-link" to="/reset-password">
              {TEXT.newPassword.askAgain}
            </Link>
          )}
          <Button type="submit" loading={status === 'pending'}>
            {TEXT.newPassword.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
