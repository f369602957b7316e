/** The time source; tests pass their own so expiry can be exercised without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const nowIso = (clock: Clock): string => clock().toISOString();
