export { toXlsx, xlsxStream, XLSX_CONTENT_TYPE, type Cell } from './xlsx';
export { countCell, dayCell, dayCellAt } from './worksheet';
