/** Texts of the settings section, worded as the specification has them. */
export const TEXT = {
  notifications: 'Notifications',
  notificationsHelp: 'Receive an e-mail when a request or retirement needs your action or changes status.',
  emailSwitch: 'E-mail notifications',
  saved: 'Settings saved',
  failed: 'Failed to update settings',
  downloads: 'Downloads',
  downloadsHelp: 'Download your requests and retirements as spreadsheets.',
  downloadRequests: 'Download Requests',
  downloadRetirements: 'Download Retirements',
  downloadFailed: 'Failed to download',
} as const;

/** Texts of the sign-in section: ending every session of the user. */
export const SESSIONS_TEXT = {
  title: 'Sign-in',
  help: 'Signed in on a phone or computer you no longer have, or left signed in somewhere? Sign out everywhere ends every session, this one included; you sign in again here.',
  button: 'Sign out everywhere',
  confirmTitle: 'Sign out everywhere?',
  confirmMessage: 'Every phone and computer signed in to your account is signed out, this one too.',
  failed: 'Failed to sign out everywhere',
} as const;

/** Texts of the out-of-office section. */
export const DELEGATION_TEXT = {
  title: 'Out of office',
  help: 'While you are away, a colleague with admin permission reviews in your place. Each review records both names.',
  directorHelp: 'As a director you also see, and can end, every delegation of the organisation.',
  current: 'Current and upcoming delegations',
  none: 'No current or upcoming delegations.',
  loadFailed: 'Failed to load delegations',
  forWhom: (delegator: string, delegate: string) => `${delegate} reviews for ${delegator}`,
  days: (from: string, to: string) => `${from} – ${to}`,
  running: 'Running',
  scheduled: 'Upcoming',
  end: 'End now',
  create: 'Delegate my reviewing',
  find: 'Find a colleague',
  delegate: 'Delegate',
  chooseDelegate: 'Choose a colleague',
  noColleagues: 'No colleague with admin permission matches',
  startsOn: 'First day',
  endsOn: 'Last day',
  datesHelp: "Days of the organisation's calendar; the last day is included.",
  note: 'Note (optional)',
  submit: 'Delegate',
  created: 'Delegation saved',
} as const;

/** Texts of the organisation section, directors only (review reminders). */
export const ORGANIZATION_TEXT = {
  title: 'Organisation',
  reminderDays: 'Remind reviewers after (days)',
  reminderHelp:
    'Calendar days a request may wait at one review step before its reviewers, and anyone reviewing for them, get a reminder e-mail; again after as many days. 0 or empty: no reminders.',
  off: 'Reminders are off.',
  receiptExemption: 'Retirements that need no receipt: below (TZS)',
  receiptHelp:
    'Petty cash: a retirement that spent less than this needs no receipt; other currencies are converted with the exchange rates. 0 or empty: every retirement that spent money needs one.',
  receiptNone: 'Every retirement that spent money needs a receipt.',
  save: 'Save',
  saved: 'Settings saved',
  loadFailed: 'Failed to load the organisation settings',
} as const;
