export { toXlsx, xlsxStream, XLSX_CONTENT_TYPE, type Cell } from './xlsx';
export { xlsxTotalled } from './xlsx-totalled';
export { countCell, dayAt, dayCell, dayCellAt } from './worksheet';
