import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SHEET_END, STYLES_XML, columnsOf, escapeXml, rowsXml, sheetStart, worksheetXml, type Cell } from './worksheet';
import { zip } from './zip';
import { zipStream } from './zip-stream';

export type { Cell } from './worksheet';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${RELS_NS}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_TYPE}/styles" Target="styles.xml"/>` +
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

function workbookXml(sheetName: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL_TYPE}">` +
    `<sheets><sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
  );
}

/** The six parts of a one-sheet workbook, the worksheet as given (whole, or in pieces). */
function workbookParts<T>(sheetName: string, sheet: T) {
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: PACKAGE_RELS },
    { name: 'xl/workbook.xml', data: workbookXml(sheetName) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/styles.xml', data: STYLES_XML },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ];
}

/**
 * A one-sheet .xlsx workbook: a bold, frozen header row, then the rows. Text is written as
 * inline strings (never formulas, so "=cmd|…" stays text), numbers as amounts (#,##0.00),
 * dates as dd/mm/yyyy; null and undefined leave the cell empty. For workbooks of bounded size
 * (the reports); xlsxStream for the downloads that grow with the data.
 */
export function toXlsx(sheetName: string, headers: readonly string[], rows: readonly (readonly Cell[])[], modifiedAt?: Date): Buffer {
  return zip(workbookParts(sheetName, worksheetXml(headers, rows)), modifiedAt);
}

type Rows = readonly (readonly Cell[])[];

/**
 * The worksheet's XML a page at a time. Between pages it gives the event loop a turn
 * (setImmediate), so however many rows there are, no stretch of work is longer than one page's.
 * The columns are sized from the header and the first page: the <cols> element comes before the
 * rows, and a streamed sheet cannot look ahead (nor does it say its dimension, which is optional).
 */
async function* worksheetPieces(headers: readonly string[], first: Rows, rest: AsyncIterator<Rows>): AsyncGenerator<string> {
  yield sheetStart(columnsOf([headers, ...first]).cols) + rowsXml([headers], 1);
  let next = 2;
  let page: Rows | undefined = first;
  while (page) {
    yield rowsXml(page, next);
    next += page.length;
    await nextTurn();
    const step = await rest.next();
    page = step.done ? undefined : step.value;
  }
  yield SHEET_END;
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
  sheetName: string,
  headers: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  toCells: (row: T) => readonly Cell[],
  modifiedAt?: Date,
  /** zlib's compression level (default 6): 1 deflates a large sheet in a third of the time, into a fifth more bytes. */
  level?: number,
): Promise<Readable> {
  const rest = mapped(pages[Symbol.asyncIterator](), toCells);
  const first = await rest.next();
  const sheet = worksheetPieces(headers, first.done ? [] : first.value, rest);
  return Readable.from(zipStream(workbookParts(sheetName, sheet), modifiedAt, level), { objectMode: false });
}
