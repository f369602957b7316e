import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { definedNames, filterRange } from './page-setup';
import { SHARED_STRINGS_CONTENT_TYPE, SHARED_STRINGS_PART } from './shared-strings';
import { STYLES_XML } from './styles';
import { RowBytes } from './row-bytes';
import { columnsOf, escapeXml, rowsXml, sheetEnd, sheetStart, worksheetXml, type Cell } from './worksheet';
import { zip } from './zip';
import { zipStream } from './zip-stream';

export type { Cell } from './worksheet';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The package's content types; with the shared strings' part when the sheet's text is there. */
const contentTypes = (shared: boolean) =>
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  (shared ? `<Override PartName="/${SHARED_STRINGS_PART}" ContentType="${SHARED_STRINGS_CONTENT_TYPE}"/>` : '') +
  '</Types>';

const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels = (shared: boolean) =>
  `${XML_HEAD}<Relationships xmlns="${RELS_NS}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_TYPE}/styles" Target="styles.xml"/>` +
  (shared ? `<Relationship Id="rId3" Type="${REL_TYPE}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
  '</Relationships>';

/** Excel's rules for a sheet name: 1–31 characters, none of : \ / ? * [ ], not wrapped in apostrophes. */
export function sheetNameOf(name: string): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31)
    .trim();
  return cleaned || 'Sheet1';
}

/** The workbook part: its one sheet, and the names that give the sheet its print titles and its filter (`filter`, A1:K40). */
export function workbookXml(sheetName: string, filter: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL_TYPE}">` +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    definedNames(sheetName, filter) +
    '</workbook>'
  );
}

/**
 * The six parts of a one-sheet workbook, the worksheet as given (whole, or in pieces), then the
 * workbook part: that names the filter's range, which a streamed sheet knows only once its last
 * row is written (the order of a package's parts means nothing to a reader); then the shared
 * strings when the sheet's text is there, known too only after the last row.
 */
export function workbookParts<S, W>(sheet: S, workbook: W, sharedStrings?: S) {
  const shared = sharedStrings !== undefined;
  return [
    { name: '[Content_Types].xml', data: contentTypes(shared) },
    { name: '_rels/.rels', data: PACKAGE_RELS },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels(shared) },
    { name: 'xl/styles.xml', data: STYLES_XML },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    { name: 'xl/workbook.xml', data: workbook },
    ...(shared ? [{ name: SHARED_STRINGS_PART, data: sharedStrings }] : []),
  ];
}

export type Rows = readonly (readonly Cell[])[];

export interface SheetOptions {
  /** Rows under the data (a labelled total): bold, and outside the filter, so no sort moves them. */
  totals?: Rows;
}

/**
 * A one-sheet .xlsx workbook: a bold header row, frozen and filtered, then the rows and any
 * totals. Text is written as inline strings (never formulas, so "=cmd|…" stays text), numbers as
 * amounts (#,##0.00), counts (countCell) as whole numbers, dates as dd/mm/yyyy; null and undefined
 * leave the cell empty. Printed landscape, the columns fitted to the page's width, the header on
 * every page (page-setup.ts). For workbooks of bounded size (the reports); xlsxStream for the
 * downloads that grow with the data.
 */
export function toXlsx(name: string, headers: readonly string[], rows: Rows, modifiedAt?: Date, options: SheetOptions = {}): Buffer {
  const sheetName = sheetNameOf(name);
  const filter = filterRange(headers.length, 1 + rows.length);
  return zip(workbookParts(worksheetXml(sheetName, filter, headers, rows, options.totals), workbookXml(sheetName, filter)), modifiedAt);
}

/**
 * The worksheet's XML a page at a time. Between pages it gives the event loop a turn
 * (setImmediate), so however many rows there are, no stretch of work is longer than one page's.
 * The columns are sized from the header and the first page: the <cols> element comes before the
 * rows, and a streamed sheet cannot look ahead (nor does it say its dimension, which is optional).
 */
async function* worksheetPieces(
  sheetName: string,
  headers: readonly string[],
  first: Rows,
  rest: AsyncIterator<Rows>,
  totals: Rows,
  written: { filter?: string },
): AsyncGenerator<string | Buffer> {
  const { cols } = columnsOf(headers, [...first, ...totals]);
  yield sheetStart(cols) + rowsXml([headers], 1, 'header');
  // one writer's buffer for every page, its bytes handed on as they are (no string made of them)
  const writer = new RowBytes();
  let next = 2;
  let page: Rows | undefined = first;
  while (page) {
    yield writer.rows(page, next);
    next += page.length;
    await nextTurn();
    const step = await rest.next();
    page = step.done ? undefined : step.value;
  }
  written.filter = filterRange(headers.length, next - 1);
  yield rowsXml(totals, next, 'total') + sheetEnd(sheetName, written.filter);
}

/** The workbook part once the sheet before it in the package has been written. */
async function* workbookAfter(sheetName: string, written: { filter?: string }): AsyncGenerator<string> {
  yield workbookXml(sheetName, written.filter ?? 'A1:A1');
}

async function* mapped<T>(pages: AsyncIterator<readonly T[]>, toCells: (row: T) => readonly Cell[]): AsyncGenerator<Rows> {
  for (let step = await pages.next(); !step.done; step = await pages.next()) yield step.value.map(toCells);
}

/**
 * The same workbook as toXlsx from rows that come page by page (a database read in pages, each row
 * made cells by `toCells`), as a
 * stream of the .xlsx file: rows are written, deflated (zlib's thread pool) and sent as they
 * come, so memory holds about one page and the event loop is never held for the whole file.
 * The first page is read before this resolves: a query that fails at once is still an error
 * answer, not a cut-off download.
 */
export async function xlsxStream<T>(
  name: string,
  headers: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  toCells: (row: T) => readonly Cell[],
  modifiedAt?: Date,
  options: SheetOptions & {
    /** zlib's compression level (default 6): 1 deflates a large sheet in a third of the time, into a fifth more bytes. */
    level?: number;
  } = {},
): Promise<Readable> {
  const sheetName = sheetNameOf(name);
  const rest = mapped(pages[Symbol.asyncIterator](), toCells);
  const first = await rest.next();
  const written: { filter?: string } = {};
  const sheet = worksheetPieces(sheetName, headers, first.done ? [] : first.value, rest, options.totals ?? [], written);
  return Readable.from(zipStream(workbookParts(sheet, workbookAfter(sheetName, written)), modifiedAt, options.level), {
    objectMode: false,
  });
}
