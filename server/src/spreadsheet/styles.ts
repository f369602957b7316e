/** The cell styles of every workbook: styles.xml, and which of its styles each kind of row and cell takes. */

/** Style indexes into styles.xml (STYLES_XML): the order of its cellXfs. */
export const STYLE = { plain: 0, header: 1, amount: 2, date: 3, count: 4, boldText: 5, boldAmount: 6, boldCount: 7 } as const;

/** What a row is: the header (bold, underlined), a data row, or a totals row below the data (bold). */
export type RowKind = 'header' | 'body' | 'total';
export const STYLES_OF: Record<RowKind, { text: number; amount: number; count: number }> = {
  header: { text: STYLE.header, amount: STYLE.amount, count: STYLE.count },
  body: { text: STYLE.plain, amount: STYLE.amount, count: STYLE.count },
  total: { text: STYLE.boldText, amount: STYLE.boldAmount, count: STYLE.boldCount },
};

/**
 * Fonts, fills and borders Excel expects, then the cell styles of STYLE: amounts #,##0.00 (builtin
 * 4), counts #,##0 (builtin 3), dates en-GB (docs/product-rules.md §Limits), the header bold over a
 * thin line, totals bold.
 */
export const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left/><right/><top/><bottom style="thin"><color auto="1"/></bottom><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="8">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="1" xfId="0" applyFont="1" applyBorder="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="3" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
