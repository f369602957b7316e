export { queryClient } from './query-client';
export { ApiProvider } from './provider';
export * from './users';
export * from './budget';
