export { toXlsx, xlsxStream, sheetNameOf, XLSX_CONTENT_TYPE, type Cell, type SheetOptions } from './xlsx';
export { countCell, dayCell, dayCellAt, type CountCell, type DayCell } from './worksheet';
