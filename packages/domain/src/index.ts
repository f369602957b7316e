// The domain's rules and value types, one folder an entity (each folder's index lists its
// modules). Inside the package, modules import each other's files, never a folder's index, so
// that a folder's index never stands in a circle; the contract and the forms have entries of their own.
export * from './errors';
export * from './titles';
export * from './users';
export * from './organization';
export * from './dates';
export * from './text';
export * from './money';
export * from './budget';
export * from './approval';
export * from './requests';
export * from './retirements';
export * from './settlement';
export * from './accounting';
