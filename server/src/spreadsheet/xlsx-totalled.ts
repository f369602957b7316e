import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { filterRange } from './page-setup';
import { RowBytes } from './row-bytes';
import { SharedStrings } from './shared-strings';
import { columnsOf, rowsXml, sheetEnd, sheetStart, type Cell } from './worksheet';
import { sheetNameOf, workbookParts, workbookXml, type Rows } from './xlsx';
import { deflateAll, withHead, zipStream } from './zip-stream';

export interface TotalledOptions {
  /** The rows under the data, asked for after the last page: totals that `toCells` added up as the rows went by. */
  totals: () => Rows;
  /** zlib's compression level (default 6). */
  level?: number;
  /** Text as shared strings (shared-strings.ts) rather than inline. */
  sharedStrings?: boolean;
}

/**
 * The workbook xlsxStream writes, for rows whose totals are known only once every row has been
 * read (an outstanding advances' count and sum). The columns are sized, as there, from the header,
 * the first page and the totals, and <cols> comes first in the worksheet: so the rows are written
 * and deflated page by page as they are read — zlib's threads deflating a page while the event
 * loop reads and writes the next, no page kept once written — and the worksheet's head is
 * deflated last, in front of them (zip-stream.ts withHead). The archive is complete before this
 * resolves: a page that fails to read is an error answer, never a cut-off file; it holds the
 * compressed bytes (a ~1 MB workbook for 18,000 rows) instead of the rows.
 */
export async function xlsxTotalled<T>(
  name: string,
  headers: readonly string[],
  pages: AsyncIterable<readonly T[]>,
  toCells: (row: T) => readonly Cell[],
  modifiedAt: Date | undefined,
  options: TotalledOptions,
): Promise<Readable> {
  const sheetName = sheetNameOf(name);
  const strings = options.sharedStrings ? new SharedStrings() : undefined;
  let first: Rows = [];
  let totals: Rows = [];
  let filter = '';

  // one writer's buffer for every page: each page's bytes are a copy, held until zlib takes them
  const writer = new RowBytes();

  async function* body(): AsyncGenerator<string | Buffer> {
    let next = 2;
    for await (const page of pages) {
      const rows = page.map(toCells);
      if (next === 2) first = rows;
      yield writer.rows(rows, next, 'body', strings);
      next += rows.length;
      await nextTurn();
    }
    totals = options.totals();
    filter = filterRange(headers.length, next - 1);
    yield rowsXml(totals, next, 'total', strings) + sheetEnd(sheetName, filter);
  }

  const rows = await deflateAll(body(), options.level);
  const { cols } = columnsOf(headers, [...first, ...totals]);
  const sheet = withHead(sheetStart(cols) + rowsXml([headers], 1, 'header', strings), rows, options.level);
  const parts = workbookParts(sheet, workbookXml(sheetName, filter), strings && (await deflateAll(strings.pieces(), options.level)));
  return Readable.from(zipStream(parts, modifiedAt, options.level), { objectMode: false });
}
