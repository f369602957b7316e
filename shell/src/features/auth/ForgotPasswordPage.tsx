import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { requestPasswordReset, setSession, useSession } from '@imprest/api-client';
import { Button, Field, FormAlert, HStack, Input, Stack, Text } from '@imprest/ui';
import { isValidEmail, normalizeEmail } from '@imprest/domain';
import { AuthCard } from './AuthCard';
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
        <Stack gap="4">
          <Text color="fg.muted">{TEXT.forgot.intro}</Text>
          <Field.Root required>
            <Field.Label>{TEXT.signIn.email}</Field.Label>
            <Input
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
          </Field.Root>
          {status === 'fulfilled' && <FormAlert status="success">{TEXT.forgot.sent}</FormAlert>}
          {status === 'rejected' && <FormAlert status="error">{TEXT.forgot.failed}</FormAlert>}
          <HStack gap="3">
            <Button variant="outline" onClick={back} flex="1">
              {TEXT.forgot.back}
            </Button>
            {status !== 'fulfilled' && (
              <Button type="submit" colorPalette="teal" loading={status === 'pending'} flex="2">
                {TEXT.forgot.send}
              </Button>
            )}
          </HStack>
        </Stack>
      </form>
    </AuthCard>
  );
}
