// The rules of each sign-in and reset call that its schema cannot say, as the OpenAPI document's
// `description` (the document at /api/docs is the reference for every call; docs/contracts.md has
// the rules that hold for all of them).
import { DEFAULT_RATE_LIMITS as LIMITS } from '../../plugins/rate-limit';
import { INVALID_EMAIL, RESET_DONE, RESET_FAILED, RESET_SENT } from './service';

const minutes = (ms: number) => ms / 60_000;
const { signInFailuresPerAccount: perAccount, signInFailuresPerAddress: perAddress } = LIMITS;

export const AUTH_DOCS = {
  authenticate: [
    'A wrong e-mail or password answers 401 `INVALID_CREDENTIALS`; besides the failures below, more than',
    `${LIMITS.authenticate.max} calls a minute per address and e-mail answer 429.`,
    '',
    '**Sign-in limits** (`sign_in_attempts`, in the database, so every instance shares them):',
    `${perAccount.max} failed sign-ins to one e-mail from any addresses in ${minutes(perAccount.timeWindow)} minutes, or`,
    `${perAddress.max} failed sign-ins from one address to any accounts (an office behind one NAT), block further sign-ins`,
    'until the window has passed, the right password included, with 429 "Too many failed sign-ins. Please wait 15 minutes and',
    'try again."; the same for an address that has no account. A successful sign-in forgets only that account\'s failures from',
    'that same address.',
    '',
    "**Known devices** (OWASP's device cookies, `server/src/modules/auth/device-cookie.ts`): a successful sign-in, or a password",
    'set from an e-mailed link, answers `Set-Cookie: imprest_device=…` (HttpOnly, SameSite=Strict, one year, sent only to this',
    'call; `Secure` when `APP_URL` is https). It names the account by a signature, so it is worthless for another account and',
    'cannot be made up. A browser carrying one for the address is counted apart: failures from unknown devices (ten guesses from',
    'anywhere) do not lock it out, and its own failures are held to the same 10 in 15 minutes (a stolen cookie buys ten guesses,',
    'then it is refused too), not counted for its address. So an attacker can keep a director from signing in on a new computer,',
    'never on their own; the holder on a new computer gets in through Reset Password, whose link makes that browser known. A',
    'shared browser keeps entries for its last five accounts.',
  ].join('\n'),
  forgotPassword: [
    `Answers 200 "${RESET_SENT}" for any well-formed address (400 "${INVALID_EMAIL}" otherwise), before`,
    'looking the address up; the link is queued just after (`server/src/mail/off-response.ts`; a failure is logged). An account',
    'gets at most 3 reset links an hour; further requests get the same answer and queue nothing. The e-mail links to',
    '`${APP_URL}/reset-link?token=…&email=…`, valid 1 hour and once; a later request replaces it.',
    `More than ${LIMITS.passwordReset.max} calls a minute per address answer 429.`,
  ].join('\n'),
  resetPassword: [
    `Sets the password with the token of a reset e-mail or of an invitation (7 days), once: 200 "${RESET_DONE}"; a bad, used`,
    `or expired token, or another e-mail, 400 "${RESET_FAILED}". Audit \`password_reset\` (\`invitation_accepted\` for an`,
    'invitation). Makes this browser a known device of the account (see `users/authenticate`).',
    `More than ${LIMITS.passwordReset.max} calls a minute per address answer 429.`,
  ].join('\n'),
};
