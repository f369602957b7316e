import { useId, type ChangeEvent } from 'react';
import { useFormik } from 'formik';
import { Link, Navigate, useLocation, useNavigate } from '@imprest/router';
import { hasErrorCode, setNewPassword, useSession } from '@imprest/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@imprest/domain';
import { newPasswordSchema } from '@imprest/domain/forms';
import { AuthCard } from './AuthCard';
import { Button, Notice, Stack, TextField } from '../light-ui/components';
import { TEXT } from '../../strings';

/**
 * docs/product-rules.md §Messages's 'Error. Couldn't reset password', or the server's fuller words when its code says why
 * the link no longer works (used, superseded, expired).
 */
function failureOf(error: unknown): { text: string; linkProblem: boolean } {
  const explained = hasErrorCode(error, 'RESET_LINK_USED', 'RESET_LINK_SUPERSEDED', 'RESET_LINK_EXPIRED');
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
  const errorId = useId();
  // the browser's `required` and `minLength` speak first; the schema then refuses a confirmation that differs
  const form = useFormik({
    initialValues: { password: '', confirmPassword: '' },
    validationSchema: newPasswordSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async ({ password }, { setStatus }) => {
      try {
        await setNewPassword({ token: state.token!, email: state.email ?? '', password });
        navigate('/success-auth', { replace: true });
      } catch (failure) {
        setStatus(failureOf(failure));
      }
    },
  });

  if (!state.token) return <Navigate to="/" replace />;

  const refused = form.status as { text?: string; linkProblem: boolean } | undefined;
  const error = form.errors.password ?? form.errors.confirmPassword ?? refused?.text;
  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    form.handleChange(event);
    form.setErrors({});
    // typing clears the words; the way to a new link stays while this link is known to be spent
    form.setStatus(refused && { linkProblem: refused.linkProblem });
  };

  return (
    <AuthCard title={TEXT.newPassword.title}>
      <form onSubmit={form.handleSubmit}>
        <Stack>
          {state.email && <p className="imp-muted">{state.email}</p>}
          <TextField
            label={TEXT.newPassword.password}
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={form.values.password}
            onChange={onType}
            help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            required
          />
          <TextField
            label={TEXT.newPassword.confirm}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={form.values.confirmPassword}
            onChange={onType}
            aria-invalid={form.errors.confirmPassword ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
          {error && (
            <Notice tone="error" id={errorId}>
              {error}
            </Notice>
          )}
          {refused?.linkProblem && (
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
