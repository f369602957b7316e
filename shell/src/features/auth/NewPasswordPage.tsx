import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { setNewPassword, useSession } from '@imprest/api-client';
import { Button, Field, FormAlert, Input, Stack, Text } from '@imprest/ui';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@imprest/domain';
import { AuthCard } from './AuthCard';
import { TEXT } from '../../strings';

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
    } catch {
      setError(TEXT.newPassword.failed);
    }
  };

  const onType = (set: (v: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setError('');
  };

  return (
    <AuthCard title={TEXT.newPassword.title}>
      <form onSubmit={onSubmit}>
        <Stack gap="4">
          {state.email && <Text color="fg.muted">{state.email}</Text>}
          <Field.Root required>
            <Field.Label>{TEXT.newPassword.password}</Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              onChange={onType(setPassword)}
              required
            />
            <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{TEXT.newPassword.confirm}</Field.Label>
            <Input
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={confirm}
              onChange={onType(setConfirm)}
              required
            />
          </Field.Root>
          {error && <FormAlert status="error">{error}</FormAlert>}
          <Button type="submit" colorPalette="teal" loading={status === 'pending'} w="full">
            {TEXT.newPassword.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
