// Paying an advance out (payouts) and settling the difference after a retirement.
export * from './payout';
export * from './settlement-states';
export * from './settlement';
export * from './settlement-problems';
