// Exact amounts in minor units, and how money moves (methods, networks, references).
export * from './money';
export * from './money-movement';
