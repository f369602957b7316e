// Expenditure requests and their reviews: fields, records, statuses, validation, who sees them, what changed, acting for a delegator.
export * from './request-fields';
export * from './request';
export * from './request-status';
export * from './request-validation';
export * from './request-access';
export * from './request-diff';
export * from './review-actions';
export * from './delegated-acting';
