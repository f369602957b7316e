// Budget codes: the four-digit code, its fields, the code as the API carries it, the form and the rules of who sees and changes it.
export * from './budget';
export * from './budget-fields';
export * from './budget-code';
export * from './budget-form';
export * from './budget-rules';
