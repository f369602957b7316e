/**
 * A settlement's states and directions: values the contract's settlement schemas and the
 * settlement rules both read, so this module imports neither.
 */
/** 'awaiting' until recorded; 'settled' once recorded, or at once when nothing is left to settle. */
export const SETTLEMENT_STATES = ['awaiting', 'settled'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** The direction a recorded settlement moved money: 'return' to the organisation, 'owed' to the owner. */
export const SETTLEMENT_DIRECTIONS = ['return', 'owed'] as const;
export type SettlementDirection = (typeof SETTLEMENT_DIRECTIONS)[number];
