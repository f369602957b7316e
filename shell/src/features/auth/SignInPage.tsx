import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '@imprest/router';
import { clearLoginError, hasErrorCode, signIn, useSession } from '@imprest/api-client';
import { DASHBOARD_BASE, normalizeEmail } from '@imprest/domain';
import { AuthCard } from './AuthCard';
import { Button, Notice, Stack, TextField } from '../light-ui/components';
import { TEXT } from '../../strings';

export function SignInPage() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const login = useSession((s) => s.login);
  // set when the server refused the session (see endRefusedSession); cleared by the next sign-in
  const sessionEnded = useSession((s) => s.sessionEnded);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  if (token) return <Navigate to="/dashboard" replace />;

  const onType = (set: (v: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    if (error) setError('');
    clearLoginError();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await signIn(normalizeEmail(email), password);
      navigate(DASHBOARD_BASE);
    } catch (e) {
      // wrong credentials (or a body the server refuses) read the same; a lockout says how long to wait
      setError(hasErrorCode(e, 'INVALID_CREDENTIALS', 'BAD_REQUEST') ? TEXT.signIn.invalid : (e as Error).message);
    }
  };

  return (
    <AuthCard title={TEXT.signIn.title}>
      <form onSubmit={onSubmit}>
        <Stack>
          {sessionEnded && !error && <Notice tone="info">{TEXT.signIn.sessionEnded}</Notice>}
          <TextField
            label={TEXT.signIn.email}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={onType(setEmail)}
            required
          />
          <TextField
            label={TEXT.signIn.password}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={onType(setPassword)}
            required
          />
          {error && <Notice tone="error">{error}</Notice>}
          <Button type="submit" loading={login === 'pending'}>
            {TEXT.signIn.submit}
          </Button>
          <Link to="/reset-password" className="imp-link">
            {TEXT.signIn.resetLink}
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
