// Plain-text tables and byte formatting for the report. KB = 1,000 bytes throughout.
export const kb = (bytes, digits = 1) =>
  bytes === null || bytes === undefined || Number.isNaN(bytes) ? '—' : `${(bytes / 1000).toFixed(digits)} KB`;
export const pct = (x) => `${(x * 100).toFixed(0)}%`;
export const num = (x, digits = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—';

/** rows: arrays of cells; align: 'l' | 'r' per column. */
export function table(header, rows, align = []) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '')));
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const line = (row) =>
    row
      .map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(all[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...all.slice(1).map(line)];
  return out.map((l) => `  ${l}`).join('\n');
}

export function heading(text) {
  return `\n${text}\n${'═'.repeat(Math.min(100, text.length))}`;
}
