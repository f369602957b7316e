import type { NewMail } from '../../mail/outbox-repository';

/** The e-mail carrying a reset link to the shell's link page, which forwards to /new-password. */
export function resetPasswordMail(args: { appUrl: string; organizationId: number; fullname: string; email: string; token: string }): NewMail {
  const link = `${args.appUrl}/reset-link?token=${encodeURIComponent(args.token)}&email=${encodeURIComponent(args.email)}`;
  return {
    organizationId: args.organizationId,
    to: args.email,
    subject: 'Reset your Imprest password',
    text: [
      `Hello ${args.fullname},`,
      '',
      'Someone asked to reset the password of your Imprest account. Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
  };
}
