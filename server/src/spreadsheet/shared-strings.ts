/**
 * A workbook's shared strings (ECMA-376 part 1, §18.4): each distinct text once, in
 * xl/sharedStrings.xml, and a text cell as its index there (`<c t="s"><v>3</v></c>`), as Excel
 * writes every text. For a sheet of thousands of rows whose text is a few labels repeated (a
 * status, a department, a currency) the worksheet is half the bytes of inline strings and plain
 * ASCII, so there is half as much to encode, check and deflate. The table is written after the
 * worksheet, once every text is known (the order of a package's parts means nothing to a reader).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { escapeXml } from './xml-text';

export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
export const SHARED_STRINGS_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml';

/** Texts written to the table per piece, the event loop free between pieces. */
const STRINGS_PER_PIECE = 5_000;

export class SharedStrings {
  private readonly indexes = new Map<string, number>();
  private references = 0;

  /** The index of `text` in the table, adding it when new. */
  indexOf(text: string): number {
    this.references += 1;
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.indexes.size;
      this.indexes.set(text, index);
    }
    return index;
  }

  /** The table's XML, a piece at a time with the event loop free between pieces; each text escaped once however many cells show it. */
  async *pieces(): AsyncGenerator<string> {
    let xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.references}" uniqueCount="${this.indexes.size}">`;
    let inPiece = 0;
    for (const text of this.indexes.keys()) {
      xml += `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`;
      if (++inPiece === STRINGS_PER_PIECE) {
        yield xml;
        xml = '';
        inPiece = 0;
        await nextTurn();
      }
    }
    yield `${xml}</sst>`;
  }
}
