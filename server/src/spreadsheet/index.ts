export { toXlsx, sheetNameOf, XLSX_CONTENT_TYPE, type Cell } from './xlsx';
