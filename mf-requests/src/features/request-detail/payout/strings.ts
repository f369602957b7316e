import type { MovementMethod } from '@imprest/domain';

/** Texts of the request detail's payout: how the advance was paid, and finance's form to record it. */
export const PAYOUT_TEXT = {
  heading: 'Payout',
  notYetPaid: 'Approved — not yet paid',
  recordedBy: (name: string) => `Recorded by ${name}`,
  toPhone: (phone: string) => `to ${phone}`,
  record: 'Record payout',
  cancel: 'Cancel',
  save: 'Save payout',
  choose: 'Choose…',
  failed: 'Error! The payout was not recorded',
  offline: 'Recording a payout needs a connection.',
  saved: 'The payout was recorded.',
  fields: {
    amount: 'Amount paid',
    date: 'Date paid',
    method: 'Method',
    network: 'Network',
    reference: 'Reference',
    phone: 'Phone number paid to',
  },
  amountHelp: 'What is left to pay, unless this is one part of several (a wallet’s limit, two cheques).',
  phoneHelp: 'The mobile number the money was sent to.',
  referenceHelp: {
    cash: 'A voucher number, if there is one.',
    bank_transfer: 'The reference on the bank statement.',
    cheque: 'The cheque number.',
    mobile_money: 'The transaction id from the confirmation SMS, e.g. QGH7XK2L9P for M-Pesa.',
  } satisfies Record<MovementMethod, string>,
} as const;
