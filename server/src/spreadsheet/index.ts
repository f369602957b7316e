export { toXlsx, xlsxStream, sheetNameOf, XLSX_CONTENT_TYPE, type Cell } from './xlsx';
export { dayCell, dayCellAt, type DayCell } from './worksheet';
