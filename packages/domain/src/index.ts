export * from './roles';
export * from './options';
export * from './user';
export * from './titles';
export * from './auth';
export * from './format';
export * from './errors';
export * from './budget';
