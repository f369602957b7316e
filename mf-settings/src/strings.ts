/** Texts of the settings section, worded as SPEC.md has them. */
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
