/** The offline texts of the shell (kept apart from strings.ts, which other work edits). */
const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const OFFLINE_TEXT = {
  indicator: 'Offline',
  indicatorHint: 'No connection: you see what this device saved; new requests and retirements wait in the outbox.',
  updating: 'Updating…',
  updatingHint: 'This screen shows what this device saved; the latest from the server is on its way.',
  savedAt: (at: number) => `You are offline. This screen shows what was saved on ${when.format(at)}.`,
  nothingSaved: 'You are offline and this screen was not saved on this device yet. It will load when the connection returns.',
  partsNotSaved: 'Parts of it were not saved on this device; they load when the connection returns.',
  sectionNotSaved: (section: string) => `The ${section} section is not saved on this device yet.`,
  sectionNotSavedHint: 'It opens offline once it has been loaded with a connection. It will load when the connection returns.',
  outbox: 'Outbox',
  outboxHint: 'Sent in order when the connection returns; the server checks each one then.',
  states: { waiting: 'Waiting', sending: 'Sending', sent: 'Sent', refused: 'Refused' },
  edit: 'Edit',
  discard: 'Discard',
  clearSent: 'Clear sent',
  sendNow: 'Send now',
} as const;
