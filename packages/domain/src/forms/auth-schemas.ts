import { object, ref, string } from 'yup';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isValidEmail } from '../auth';

/**
 * Form schemas (yup). A separate entry point, not shared through federation: each app that has
 * forms bundles only the schemas it uses, and screens without forms never load yup.
 */
const email = string()
  .trim()
  .required('Email is a required field')
  .max(EMAIL_MAX_LENGTH)
  .test('email', 'Enter a valid e-mail address', (v) => !v || isValidEmail(v));

export const signInSchema = object({
  email,
  password: string().required('Password is a required field').max(PASSWORD_MAX_LENGTH),
});

export const forgotPasswordSchema = object({ email });

export const PASSWORD_MISMATCH = 'Error! Password have to match';

export const newPasswordSchema = object({
  password: string()
    .required('Password is a required field')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  confirmPassword: string()
    .required('Confirm password is a required field')
    .oneOf([ref('password')], PASSWORD_MISMATCH),
});
