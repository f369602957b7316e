/** The time source; tests pass their own so expiry can be exercised without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoAfter(clock: Clock, ms: number): string {
  return new Date(clock().getTime() + ms).toISOString();
}

export const nowIso = (clock: Clock): string => clock().toISOString();
