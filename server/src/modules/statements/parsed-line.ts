import { createHash } from 'node:crypto';

/**
 * What a statement line is: completed money in or out (the only lines matched), a charge the
 * provider took, a failed attempt, a reversal, or a line a reversal undid.
 */
export type LineState = 'completed' | 'charge' | 'failed' | 'reversal' | 'reversed';

export interface ParsedLine {
  /** The line of the file, for messages and the screen. */
  line: number;
  /** Identifies the line across imports of the same account (so a second import adds nothing). */
  hash: string;
  date: string;
  /** Minor units; negative for money out. */
  amount: number;
  reference: string;
  details: string;
  party: string;
  /** The counterparty's phone as shown (digits and *), or null. */
  phone: string | null;
  state: LineState;
}

export const lineHash = (...parts: Array<string | number>) => createHash('sha256').update(parts.join('\u001f')).digest('hex');
