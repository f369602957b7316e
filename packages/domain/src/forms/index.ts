export * from './auth-schemas';
export * from './user-schemas';
export * from './budget-schema';
export * from './request-schema';
export * from './payout-schema';
export * from './delegation-schema';
export * from './organization-schemas';
export * from './journal-schema';
