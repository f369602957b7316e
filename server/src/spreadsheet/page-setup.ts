/**
 * What makes a sheet usable beyond its cells: a filter on the header row, and a printed page that
 * a person can read — landscape A4, every column on the page's width (as many pages down as it
 * takes), the header row again at the top of each page, the sheet's name and page numbers in the
 * footer. ECMA-376 part 1: §18.3.1.2 autoFilter, §18.3.1.63 pageSetup, §18.3.1.46 headerFooter,
 * §18.2.5 definedName (_xlnm.Print_Titles, _xlnm._FilterDatabase).
 */
import { columnName, escapeXml } from './xml-text';

/** The sheet's properties, first in <worksheet>: fitToPage, without which Excel ignores fitToWidth. */
export const SHEET_PROPERTIES = '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>';

/** The cells an autofilter covers: the header row and the data rows, never a totals row below them. */
export function filterRange(width: number, lastDataRow: number): string {
  return `A1:${columnName(width - 1)}${Math.max(1, lastDataRow)}`;
}

/** The footer: the sheet's name on the left, "Page 2 of 5" on the right (&-codes; a literal & is written twice). */
const footerOf = (sheetName: string) => escapeXml(`&L${sheetName.replace(/&/g, '&&')}&RPage &P of &N`);

/** The worksheet's elements after <sheetData>, in the schema's order. */
export function sheetTrailer(sheetName: string, filter: string): string {
  return (
    `<autoFilter ref="${filter}"/>` +
    '<printOptions gridLines="1"/>' +
    '<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/>' +
    // paperSize 9 is A4; fitToHeight 0: as many pages down as the rows need
    '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>' +
    `<headerFooter><oddFooter>${footerOf(sheetName)}</oddFooter></headerFooter>`
  );
}

/** A sheet name as a formula writes it: in apostrophes, an apostrophe inside doubled. */
const sheetRef = (sheetName: string) => `'${sheetName.replace(/'/g, "''")}'`;

/** The workbook's names for the one sheet: its print titles (row 1) and its filter's range. */
export function definedNames(sheetName: string, filter: string): string {
  const [from, to] = filter.split(':').map((cell) => cell.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2'));
  return (
    '<definedNames>' +
    `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(`${sheetRef(sheetName)}!${from}:${to}`)}</definedName>` +
    `<definedName name="_xlnm.Print_Titles" localSheetId="0">${escapeXml(`${sheetRef(sheetName)}!$1:$1`)}</definedName>` +
    '</definedNames>'
  );
}
