/** The request form's offline texts (kept apart from strings.ts, which other work edits). */
export const OFFLINE_FORM_TEXT = {
  draftRestored: 'Your draft was kept on this device. Carry on where you left off.',
  refused: 'The server refused this request when it was sent from your outbox:',
  offlineNote: 'You are offline. Submit puts the request in your outbox; it is sent, and checked, when the connection returns.',
  queued: 'Request saved in your outbox',
  queuedSubtitle:
    'It is sent as soon as the connection returns. You can follow it, edit it or discard it in the outbox above every screen.',
  label: (purpose: string, amount: string, currency: string) => `Request: ${purpose}, ${amount} ${currency.toUpperCase()}`,
} as const;
