import type { NewMail } from '../../mail/outbox-repository';
import { TOKEN_TTL_MS } from './set-password-token';

/** The shell's link page reads token and email and forwards to /new-password (docs/screens.md). */
export function setPasswordLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-link?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/** The e-mail carrying a reset link. */
export function resetPasswordMail(args: {
  appUrl: string;
  organizationId: number;
  fullname: string;
  email: string;
  token: string;
}): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.email,
    // Sent ahead of notifications, and not at all once the link has expired (queued with the token).
    kind: 'account',
    validForMs: TOKEN_TTL_MS.reset,
    subject: 'Reset your Imprest password',
    text: [
      `Hello ${args.fullname},`,
      '',
      'Someone asked to reset the password of your Imprest account. Open this link within one hour to choose a new password:',
      '',
      setPasswordLink(args.appUrl, args.token, args.email),
      '',
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}

/** The e-mail inviting a new user to choose their password (docs/product-rules.md §New users). */
export function invitationMail(args: {
  appUrl: string;
  organizationId: number;
  organizationName: string;
  invitedBy: string;
  fullname: string;
  email: string;
  token: string;
}): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.email,
    kind: 'account',
    validForMs: TOKEN_TTL_MS.invite,
    subject: 'Your Imprest account',
    text: [
      `Hello ${args.fullname},`,
      '',
      `${args.invitedBy} has created an Imprest account for you at ${args.organizationName}. Open this link within 7 days to choose your password:`,
      '',
      setPasswordLink(args.appUrl, args.token, args.email),
      '',
      `Then sign in at ${args.appUrl}/ with ${args.email} and that password.`,
    ].join('\n'),
  };
}
