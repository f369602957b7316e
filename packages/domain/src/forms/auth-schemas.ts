import { object, ref, string } from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isValidEmail } from '../users/auth';

/**
 * Form schemas (yup). A separate entry point, not shared through federation: each app that has
 * forms bundles only the schemas it uses, and screens without forms never load yup.
 *
 * The sign-in form has no schema: it is on the first page, where formik and yup would cost ~20 KB
 * of its 150 KB budget (docs/performance.md), and the browser's `required` plus the server's
 * 'Invalid credentials' already say all it needs.
 */

/** docs/product-rules.md §Messages: every refused address, empty included, gets the same words. */
export const INVALID_EMAIL = 'Invalid Email address';

export const forgotPasswordSchema = object({
  email: string()
    .trim()
    .required(INVALID_EMAIL)
    .test('email', INVALID_EMAIL, (v) => !!v && isValidEmail(v.toLowerCase())),
});

/** docs/product-rules.md §Messages. */
const PASSWORD_MISMATCH = 'Error! Password have to match';

export const newPasswordSchema = object({
  password: string()
    .required('Password is a required field')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  confirmPassword: string()
    .required('Confirm password is a required field')
    .oneOf([ref('password')], PASSWORD_MISMATCH),
});
