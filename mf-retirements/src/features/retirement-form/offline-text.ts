/** The retirement form's offline texts (kept apart from strings.ts, which other work edits). */
export const OFFLINE_RETIREMENT_TEXT = {
  draftRestored: 'Your draft was kept on this device. Carry on where you left off.',
  refused: 'The server refused this retirement when it was sent from your outbox:',
  offlineNote: 'You are offline. Submit Retirement puts it in your outbox; it is sent, and checked, when the connection returns.',
  queued: 'Retirement saved in your outbox',
  queuedNote: 'It is sent as soon as the connection returns. You can follow it, edit it or discard it in the outbox above every screen.',
  label: (purpose: string, amount: string, currency: string) => `Retirement: ${purpose}, ${amount} ${currency.toUpperCase()} spent`,
  reviewOffline: 'Reviews move money: they need a connection and are never queued.',
} as const;
