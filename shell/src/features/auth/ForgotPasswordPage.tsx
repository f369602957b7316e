import { useState, type FormEvent } from 'react';
import { useNavigate } from '@imprest/router';
import { requestPasswordReset, setSession, useSession } from '@imprest/api-client';
import { isValidEmail, normalizeEmail } from '@imprest/domain';
import { AuthCard } from './AuthCard';
import { Button, Notice, Row, Stack, TextField } from '../light-ui/components';
import { TEXT } from '../../strings';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const status = useSession((s) => s.forgotPassword);
  const [email, setEmail] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!isValidEmail(address)) {
      setSession({ forgotPassword: 'rejected' });
      return;
    }
    await requestPasswordReset(address).catch(() => undefined);
  };

  const back = () => {
    setSession({ forgotPassword: 'idle' });
    navigate('/');
  };

  return (
    <AuthCard title={TEXT.forgot.title}>
      {/* our own check answers 'Invalid Email address' instead of the browser's bubble */}
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <p className="imp-muted">{TEXT.forgot.intro}</p>
          <TextField
            label={TEXT.signIn.email}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (status === 'rejected') setSession({ forgotPassword: 'idle' });
            }}
            required
          />
          {status === 'fulfilled' && <Notice tone="success">{TEXT.forgot.sent}</Notice>}
          {status === 'rejected' && <Notice tone="error">{TEXT.forgot.failed}</Notice>}
          <Row>
            <Button type="button" variant="outline" onClick={back}>
              {TEXT.forgot.back}
            </Button>
            {status !== 'fulfilled' && (
              <Button type="submit" loading={status === 'pending'}>
                {TEXT.forgot.send}
              </Button>
            )}
          </Row>
        </Stack>
      </form>
    </AuthCard>
  );
}
