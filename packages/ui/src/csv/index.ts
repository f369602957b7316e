// CSV reading and writing (papaparse). A separate entry point, not shared through federation:
// only the apps that import CSV bundle papaparse, and the shared @imprest/ui chunk stays small.
export { normalizeHeader, parseCsvFile, parseCsvText, type CsvFileTable, type CsvTable } from './parse-csv';
export { downloadTextFile, toCsv } from './download';
