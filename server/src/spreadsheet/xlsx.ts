import { STYLES_XML, escapeXml, worksheetXml, type Cell } from './worksheet';
import { zip } from './zip';

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

/**
 * A one-sheet .xlsx workbook: a bold, frozen header row, then the rows. Text is written as
 * inline strings (never formulas, so "=cmd|…" stays text), numbers as amounts (#,##0.00),
 * dates as dd/mm/yyyy; null and undefined leave the cell empty. Downloads of requests,
 * retirements and budget codes share it.
 */
export function toXlsx(sheetName: string, headers: readonly string[], rows: readonly (readonly Cell[])[], modifiedAt?: Date): Buffer {
  return zip(
    [
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: '_rels/.rels', data: PACKAGE_RELS },
      { name: 'xl/workbook.xml', data: workbookXml(sheetName) },
      { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
      { name: 'xl/styles.xml', data: STYLES_XML },
      { name: 'xl/worksheets/sheet1.xml', data: worksheetXml(headers, rows) },
    ],
    modifiedAt,
  );
}
