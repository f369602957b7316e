/**
 * A CSV reader for uploaded statements: quoted fields (with "" inside, commas and line breaks),
 * CRLF or LF, and the separator a spreadsheet chose (comma, semicolon or tab: whichever the first
 * lines use most). Each row keeps the line of the file it starts on, so an error can name it.
 */
export interface CsvRow {
  line: number;
  cells: string[];
}

function separatorOf(text: string): string {
  const head = text.split(/\r?\n/, 20).join('\n');
  const counts = [',', ';', '\t'].map((s) => [s, head.split(s).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

export function readCsv(text: string): CsvRow[] {
  const sep = separatorOf(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: start, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
    start = line;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** The header cell as compared: case, spaces and trailing dots do not count. */
export const headerKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s.]+/g, ' ')
    .trim();
