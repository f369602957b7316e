/** The settlement's texts (kept apart from strings.ts, which other work edits). */
export const SETTLEMENT_FORM_TEXT = {
  heading: 'Settlement',
  record: 'Record settlement',
  recordHeading: 'Record the settlement',
  fields: {
    amount: 'Amount',
    date: 'Date',
    phone: 'Phone number',
  },
  amountHelp: 'Exactly the difference: it cannot be split or changed.',
  phoneHelp: 'Optional: the mobile number the money came from or went to.',
  recordedBy: (name: string, when: string) => `Recorded by ${name} on ${when}`,
  ownerReturn: 'Return the money to finance: they record it here once it is received.',
  ownerOwed: 'Finance pays you the difference and records it here.',
  waitingFinance: 'A finance user other than the owner records it once the money has moved.',
  failed: 'Error! The settlement was not recorded',
  offline: 'Recording a settlement moves money: it needs a connection and is never queued.',
} as const;
