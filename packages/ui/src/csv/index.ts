// CSV reading and writing (papaparse). A separate entry point, not shared through federation:
// only the apps that import CSV bundle papaparse, and the shared @imprest/ui chunk stays small.
export { CSV_LOCAL_CHUNK_SIZE, normalizeHeader, parseCsvFile, parseCsvText, type CsvColumns, type CsvTable } from './parse-csv';
export { downloadTextFile, toCsv } from './download';
