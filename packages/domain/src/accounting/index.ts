// Journals for the ledger, their export formats, and matching bank and M-Pesa statements to recorded movements.
export * from './journal';
export * from './journal-formats';
export * from './statement-matching';
