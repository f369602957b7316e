import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { clearLoginError, signIn, useSession } from '@imprest/api-client';
import { Button, Field, FormAlert, Input, Link, Stack } from '@imprest/ui';
import { normalizeEmail } from '@imprest/domain';
import { AuthCard } from './AuthCard';
import { TEXT } from '../../strings';

export function SignInPage() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const login = useSession((s) => s.login);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  if (token) return <Navigate to="/dashboard" replace />;

  const onType = (set: (v: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    if (error) setError('');
    clearLoginError();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await signIn(normalizeEmail(email), password);
      navigate('/dashboard');
    } catch (e) {
      const status = (e as { status?: number }).status;
      setError(status === 401 || status === 400 ? TEXT.signIn.invalid : (e as Error).message);
    }
  };

  return (
    <AuthCard title={TEXT.signIn.title}>
      <form onSubmit={onSubmit} noValidate={false}>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{TEXT.signIn.email}</Field.Label>
            <Input type="email" name="email" autoComplete="username" value={email} onChange={onType(setEmail)} required />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{TEXT.signIn.password}</Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={onType(setPassword)}
              required
            />
          </Field.Root>
          {error && <FormAlert status="error">{error}</FormAlert>}
          <Button type="submit" colorPalette="teal" loading={login === 'pending'} w="full">
            {TEXT.signIn.submit}
          </Button>
          <Link asChild color="teal.700" alignSelf="center" fontSize="sm">
            <RouterLink to="/reset-password">{TEXT.signIn.resetLink}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
