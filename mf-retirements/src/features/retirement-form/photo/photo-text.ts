/** The receipt camera's texts (kept apart from strings.ts, which other work edits). */
export const PHOTO_TEXT = {
  takePhoto: 'Take photo',
  hint: 'Photos of receipts are made smaller on this device before they are sent.',
  preparing: (name: string) => `Preparing ${name}…`,
  sending: (name: string) => `Sending ${name}…`,
  failed: (name: string, why: string) => `${name}: not sent${why ? ` (${why})` : ''}`,
  notAccepted: 'this photo could not be read; take it again, or attach the receipt as a file',
  tooLarge: (limit: string) => `larger than ${limit} even when made smaller`,
  retry: 'Retry',
  remove: (name: string) => `Remove ${name}`,
} as const;
