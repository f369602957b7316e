/** Hours → how many samples took that many whole hours. */
export type Histogram = Map<number, number>;

/**
 * The nearest-rank percentile of the samples a histogram holds: the smallest value with at least
 * ⌈p·n⌉ samples at or below it (so the median of 1, 2, 3, 4 is 2). Null for no samples.
 */
export function percentile(histogram: Histogram, p: number): number | null {
  const n = [...histogram.values()].reduce((s, c) => s + c, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let seen = 0;
  for (const value of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(value)!;
    if (seen >= rank) return value;
  }
  return null;
}

/** Groups histogram rows by a key. */
export function histogramsBy<R extends { hours: number; n: number }>(
  rows: readonly R[],
  keyOf: (row: R) => string,
): Map<string, Histogram> {
  const out = new Map<string, Histogram>();
  for (const row of rows) {
    const key = keyOf(row);
    const h = out.get(key) ?? out.set(key, new Map()).get(key)!;
    h.set(row.hours, (h.get(row.hours) ?? 0) + row.n);
  }
  return out;
}

export const countOf = (h: Histogram) => [...h.values()].reduce((s, c) => s + c, 0);
