/** The demo accounts the server seeds on its first start (one per system role, plus a second staff member). */
export const DEMO_PASSWORD = 'demo-pass-2026';

export const ACCOUNTS = {
  staff: 'staff@example.org',
  staff2: 'staff2@example.org',
  admin: 'admin@example.org',
  pettyCashCustodian: 'petty_cash_custodian@example.org',
  stemParkManager: 'stem_park_manager@example.org',
  financeOfficer: 'finance_officer@example.org',
  executiveSecretary: 'executive_secretary@example.org',
  director: 'director@example.org',
  boardChairman: 'board_chairman@example.org',
} as const;

// Sign-in is rate limited per address (10 a minute), so the specs spread their sign-ins over
// the accounts instead of all using the director.
