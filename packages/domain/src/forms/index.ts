export * from './auth-schemas';
