// The approval matrix, its limits and checks, and the controls around it (exchange rates, split requests).
export * from './approval';
export * from './approval-limits';
export * from './approval-rules';
export * from './approval-controls';
