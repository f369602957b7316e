import { link } from '../../mail/compose';
import type { NewMail } from '../../mail/outbox-repository';

/** How long the link sent to a new address confirms it. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

function confirmEmailLink(appUrl: string, token: string): string {
  return `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

interface ChangeMail {
  organizationId: number;
  fullname: string;
  oldEmail: string;
  newEmail: string;
  /** Who asked for the change: the holder themself, or a director. */
  requestedBy: string;
}

/** To the new address: the link that makes it the sign-in address (opening the page alone changes nothing). */
export function confirmEmailMail(args: ChangeMail & { appUrl: string; token: string }): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.newEmail,
    kind: 'account',
    validForMs: EMAIL_CHANGE_TTL_MS,
    subject: 'Confirm your new Imprest e-mail address',
    lines: [
      `Hello ${args.fullname},`,
      '',
      `${args.requestedBy} asked to make ${args.newEmail} the e-mail address you sign in to Imprest with. Open this link within 24 hours and press Confirm to make the change:`,
      '',
      link(confirmEmailLink(args.appUrl, args.token), 'Confirm the new address'),
      '',
      `Until then you keep signing in with ${args.oldEmail}. If you did not expect this, ignore this e-mail.`,
    ],
  };
}

/** To the old address, when the change is asked for: nobody takes an account over unnoticed. */
export function emailChangeRequestedMail(args: ChangeMail): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.oldEmail,
    kind: 'account',
    subject: 'Your Imprest e-mail address is being changed',
    lines: [
      `Hello ${args.fullname},`,
      '',
      `${args.requestedBy} asked to change the e-mail address you sign in to Imprest with from ${args.oldEmail} to ${args.newEmail}.`,
      'The change takes effect only when it is confirmed from the new address; until then nothing changes.',
      '',
      'If you did not expect this, contact your director at once.',
    ],
  };
}

/** To the old address, once the new one confirmed: the account now signs in elsewhere. */
export function emailChangedMail(args: Omit<ChangeMail, 'requestedBy'>): NewMail {
  return {
    organizationId: args.organizationId,
    to: args.oldEmail,
    kind: 'account',
    subject: 'Your Imprest e-mail address was changed',
    lines: [
      `Hello ${args.fullname},`,
      '',
      `The e-mail address you sign in to Imprest with is now ${args.newEmail}; ${args.oldEmail} no longer signs in.`,
      'Every open session was signed out.',
      '',
      'If you did not expect this, contact your director at once.',
    ],
  };
}
