import { useFormik } from 'formik';
import { useNavigate } from '@imprest/router';
import { requestPasswordReset, setSession, useSession } from '@imprest/api-client';
import { normalizeEmail } from '@imprest/domain';
import { forgotPasswordSchema } from '@imprest/domain/forms';
import { AuthCard } from './AuthCard';
import { Button, Notice, Row, Stack, TextField } from '../light-ui/components';
import { TEXT } from '../../strings';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const status = useSession((s) => s.forgotPassword);
  // the schema speaks only when the form is sent: a half-typed address is not yet wrong
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    validateOnChange: false,
    validateOnBlur: false,
    // the server answers the same for a known and an unknown address; its refusal sets `status`
    onSubmit: ({ email }) => requestPasswordReset(normalizeEmail(email)).catch(() => undefined),
  });
  const failure = form.errors.email ?? (status === 'rejected' ? TEXT.forgot.failed : undefined);

  const back = () => {
    setSession({ forgotPassword: 'idle' });
    navigate('/');
  };

  return (
    <AuthCard title={TEXT.forgot.title}>
      {/* the schema answers 'Invalid Email address' instead of the browser's bubble */}
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack>
          <p className="imp-muted">{TEXT.forgot.intro}</p>
          <TextField
            label={TEXT.signIn.email}
            type="email"
            name="email"
            autoComplete="email"
            value={form.values.email}
            onChange={(e) => {
              form.handleChange(e);
              form.setErrors({});
              if (status === 'rejected') setSession({ forgotPassword: 'idle' });
            }}
            aria-invalid={failure ? true : undefined}
            required
          />
          {status === 'fulfilled' && <Notice tone="success">{TEXT.forgot.sent}</Notice>}
          {failure && <Notice tone="error">{failure}</Notice>}
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
