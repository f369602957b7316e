import { escapeHtml } from '../../mail/compose';

/**
 * The page the unsubscribe link opens in a browser: plain HTML from the server (the person may
 * not be signed in on this device, and no script is needed), readable without its styles.
 */
export function unsubscribePage(args: { fullname: string; muted: boolean; settingsUrl: string; justMuted?: boolean }): string {
  const settings = `<a href="${escapeHtml(args.settingsUrl)}">Settings in Imprest</a>`;
  const body = args.muted
    ? [
        `<p role="status">${args.justMuted ? 'Done: e-mail' : 'E-mail'} notifications are off for ${escapeHtml(args.fullname)}.</p>`,
        '<p>Mail about your account — password links, a locked account — still comes.</p>',
        `<p>To have notifications again, turn them on in ${settings}.</p>`,
      ]
    : [
        `<p>Stop e-mail notifications for ${escapeHtml(args.fullname)}? Imprest then no longer mails you when a request or retirement needs you or changes.</p>`,
        '<p>Mail about your account — password links, a locked account — still comes.</p>',
        '<form method="post">',
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
        '<button type="submit" style="font:inherit;padding:8px 16px">Turn off e-mail notifications</button>',
        '</form>',
        `<p>You can also change this in ${settings}.</p>`,
      ];
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>E-mail notifications – Imprest</title>',
    '</head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;margin:0;padding:16px">',
    '<main style="max-width:600px">',
    '<h1 style="font-size:24px">E-mail notifications</h1>',
    ...body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
