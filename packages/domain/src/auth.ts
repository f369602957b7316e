import { object, ref, string } from 'yup';

/** Limits of the auth calls; the server and the forms share them. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 work grows with input; a cap keeps a long password from being a cheap attack. */
export const PASSWORD_MAX_LENGTH = 128;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

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
