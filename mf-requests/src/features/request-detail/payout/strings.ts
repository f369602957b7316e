/**
 * Texts of the request detail's payout: how the advance was paid, and finance's form to record it
 * (the method, network and reference say MOVEMENT_FIELD_TEXT's words, as the settlement does).
 */
export const PAYOUT_TEXT = {
  heading: 'Payout',
  notYetPaid: 'Approved — not yet paid',
  recordedBy: (name: string) => `Recorded by ${name}`,
  toPhone: (phone: string) => `to ${phone}`,
  record: 'Record payout',
  cancel: 'Cancel',
  save: 'Save payout',
  failed: 'Error! The payout was not recorded',
  offline: 'Recording a payout needs a connection.',
  saved: 'The payout was recorded.',
  fields: {
    amount: 'Amount paid',
    date: 'Date paid',
    phone: 'Phone number paid to',
  },
  amountHelp: 'What is left to pay, unless this is one part of several (a wallet’s limit, two cheques).',
  phoneHelp: 'The mobile number the money was sent to.',
} as const;
