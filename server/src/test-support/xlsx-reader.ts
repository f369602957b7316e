/**
 * A written .xlsx as a reader sees it: each cell's value, its type and number format, whether it is
 * bold, and the sheet's frozen pane, filter and print setup. Read twice, independently: from the
 * package's XML here (always), and by openpyxl — a spreadsheet library of its own — when Python
 * has it, so a test asserts the same things of both.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipText } from './unzip';

interface ReadCell {
  value: string | number;
  type: 'text' | 'number' | 'date';
  format: string;
  bold: boolean;
}

export interface ReadSheet {
  name: string;
  /** The top-left cell of the scrolling part: A2 when the header row is frozen. */
  freeze: string | null;
  filter: string | null;
  orientation: string | null;
  paper: number | null;
  fitToWidth: number | null;
  fitToHeight: number | null;
  fitToPage: boolean;
  /** The rows printed on every page, as 1:1. */
  printTitles: string | null;
  /** Row by row, empty cells null, none after a row's last value. */
  rows: (ReadCell | null)[][];
}

const BUILTIN_FORMATS: Record<string, string> = { '0': 'General', '1': '0', '3': '#,##0', '4': '#,##0.00', '14': 'mm-dd-yy' };
const EXCEL_DAY_0 = Date.UTC(1899, 11, 30);
const attr = (xml: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1] ?? null;
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const columnIndex = (ref: string) => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
const trimmed = <T>(row: (T | null)[]) => row.slice(0, row.findLastIndex((c) => c !== null) + 1);

/** Our own reading of the package's XML. */
export function readXlsx(file: Buffer): ReadSheet {
  const parts = unzipText(file);
  const sheet = parts['xl/worksheets/sheet1.xml']!;
  const styles = parts['xl/styles.xml']!;
  const workbook = parts['xl/workbook.xml']!;
  // shared strings (t="s"): the text is in the table, the cell holds its index
  const shared = [...(parts['xl/sharedStrings.xml'] ?? '').matchAll(/<si>(.*?)<\/si>/gs)].map(
    (m) => /<t[^>]*>(.*?)<\/t>/s.exec(m[1]!)?.[1] ?? '',
  );
  const custom = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1]!, unescape(m[2]!)]));
  const bolds = [...styles.matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]!.includes('<b/>'));
  const xfs = [.../<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)![1]!.matchAll(/<xf [^>]*\/>/g)].map((m) => ({
    format: custom.get(attr(m[0], 'numFmtId')!) ?? BUILTIN_FORMATS[attr(m[0], 'numFmtId')!] ?? 'General',
    bold: bolds[Number(attr(m[0], 'fontId'))] ?? false,
  }));
  const rows = [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) => {
    const cells: (ReadCell | null)[] = [];
    for (const c of row[1]!.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
      const xf = xfs[Number(attr(c[2]!, 's') ?? 0)]!;
      const number = /<v>(.*?)<\/v>/.exec(c[3] ?? '')?.[1];
      const text = attr(c[2]!, 't') === 's' ? shared[Number(number)] : /<t[^>]*>(.*?)<\/t>/s.exec(c[3] ?? '')?.[1];
      let cell: ReadCell | null = null;
      if (text !== undefined) cell = { value: unescape(text), type: 'text', format: xf.format, bold: xf.bold };
      else if (number !== undefined && /[dy]/.test(xf.format))
        cell = { value: new Date(EXCEL_DAY_0 + Number(number) * 86_400_000).toISOString().slice(0, 10), type: 'date', ...xf };
      else if (number !== undefined) cell = { value: Number(number), type: 'number', ...xf };
      cells[columnIndex(c[1]!)] = cell;
    }
    return trimmed(Array.from(cells, (c) => c ?? null));
  });
  const setup = /<pageSetup [^>]*\/>/.exec(sheet)?.[0] ?? '';
  const titles = /<definedName name="_xlnm.Print_Titles"[^>]*>(.*?)<\/definedName>/.exec(workbook)?.[1];
  return {
    name: unescape(attr(/<sheet [^>]*\/>/.exec(workbook)![0], 'name')!),
    freeze: /state="frozen"/.test(sheet) ? attr(/<pane [^>]*\/>/.exec(sheet)![0], 'topLeftCell') : null,
    filter: attr(/<autoFilter [^>]*\/>/.exec(sheet)?.[0] ?? '', 'ref'),
    orientation: attr(setup, 'orientation'),
    paper: attr(setup, 'paperSize') === null ? null : Number(attr(setup, 'paperSize')),
    fitToWidth: attr(setup, 'fitToWidth') === null ? null : Number(attr(setup, 'fitToWidth')),
    fitToHeight: attr(setup, 'fitToHeight') === null ? null : Number(attr(setup, 'fitToHeight')),
    fitToPage: /<pageSetUpPr fitToPage="1"\/>/.test(sheet),
    printTitles: titles === undefined ? null : unescape(titles).replace(/^.*!/, '').replace(/\$/g, ''),
    rows,
  };
}

const OPENPYXL = `
import sys, json, datetime, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
def cell(c):
    if c.value is None: return None
    if isinstance(c.value, datetime.datetime): kind, value = 'date', c.value.date().isoformat()
    elif isinstance(c.value, (int, float)): kind, value = 'number', c.value
    else: kind, value = 'text', c.value
    return {'value': value, 'type': kind, 'format': c.number_format, 'bold': bool(c.font.b)}
ps = ws.page_setup
num = lambda v: None if v is None else int(v)
pr = ws.sheet_properties.pageSetUpPr
print(json.dumps({
    'name': ws.title, 'freeze': ws.freeze_panes, 'filter': ws.auto_filter.ref, 'orientation': ps.orientation,
    'paper': num(ps.paperSize), 'fitToWidth': num(ps.fitToWidth), 'fitToHeight': num(ps.fitToHeight),
    'fitToPage': bool(pr and pr.fitToPage), 'printTitles': ws.print_title_rows,
    'rows': [[cell(c) for c in row] for row in ws.iter_rows()],
}))
`;

const hasOpenpyxl = (() => {
  try {
    execFileSync('python3', ['-c', 'import openpyxl'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** openpyxl's reading of the same file. */
function readXlsxWithOpenpyxl(file: Buffer): ReadSheet {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openpyxl-'));
  try {
    const at = path.join(dir, 'book.xlsx');
    fs.writeFileSync(at, file);
    const sheet = JSON.parse(execFileSync('python3', ['-c', OPENPYXL, at], { encoding: 'utf8', maxBuffer: 64 << 20 })) as ReadSheet;
    return {
      ...sheet,
      printTitles: sheet.printTitles?.replace(/\$/g, '') ?? null,
      rows: sheet.rows.map((row) => trimmed(row)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The readers a test asserts against: ours, and openpyxl where Python has it. */
export const XLSX_READERS: Array<[string, (file: Buffer) => ReadSheet]> = [
  ['the XML', readXlsx],
  ...(hasOpenpyxl ? [['openpyxl', readXlsxWithOpenpyxl] as [string, (file: Buffer) => ReadSheet]] : []),
];
