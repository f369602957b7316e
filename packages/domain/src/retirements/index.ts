// Retirements: due dates and warnings, statuses, records, who fills one in or settles it, excess spending, lines, receipts and where an outstanding advance stands.
export * from './retirement';
export * from './retirement-status';
export * from './retirement-record';
export * from './retirement-forms';
export * from './retirement-excess';
export * from './retirement-lines';
export * from './retirement-receipts';
export * from './advance-stages';
export * from './advance-standing';
