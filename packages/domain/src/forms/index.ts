export * from './auth-schemas';
export * from './user-schemas';
