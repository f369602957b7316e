import { link } from '../../mail/compose';
import type { NewMail } from '../../mail/outbox-repository';
import { TOKEN_TTL_MS } from './set-password-token';

/** The shell's link page reads token and email and forwards to /new-password (docs/screens.md). */
function setPasswordLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-link?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

interface LinkMailArgs {
  appUrl: string;
  organizationId: number;
  fullname: string;
  email: string;
  token: string;
}

/**
 * An account e-mail around a set-password link: the greeting, why it came, the link, a last line.
 * Sent ahead of notifications, and not at all once the link has expired (queued with the token).
 */
function linkMail(args: LinkMailArgs, mail: { validForMs: number; subject: string; why: string; label: string; last: string }): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.email,
    kind: 'account',
    validForMs: mail.validForMs,
    subject: mail.subject,
    lines: [
      `Hello ${args.fullname},`,
      '',
      mail.why,
      '',
      link(setPasswordLink(args.appUrl, args.token, args.email), mail.label),
      '',
      mail.last,
    ],
  };
}

/** The e-mail carrying a reset link. */
export function resetPasswordMail(args: LinkMailArgs): NewMail {
  return linkMail(args, {
    validForMs: TOKEN_TTL_MS.reset,
    subject: 'Reset your Imprest password',
    why: 'Someone asked to reset the password of your Imprest account. Open this link within one hour to choose a new password:',
    label: 'Choose a new password',
    last: 'If you did not ask for this, ignore this e-mail; your password stays as it is.',
  });
}

/** The e-mail inviting a new user to choose their password (docs/product-rules.md §New users). */
export function invitationMail(args: LinkMailArgs & { organizationName: string; invitedBy: string }): NewMail {
  return linkMail(args, {
    validForMs: TOKEN_TTL_MS.invite,
    subject: 'Your Imprest account',
    why: `${args.invitedBy} has created an Imprest account for you at ${args.organizationName}. Open this link within 7 days to choose your password:`,
    label: 'Choose your password',
    last: `Then sign in at ${args.appUrl}/ with ${args.email} and that password.`,
  });
}
