export { queryClient, prefetchRead } from './query-client';
export { ApiProvider } from './provider';
export * from './users';
export * from './budget';
export * from './requests';
export * from './approval';
export * from './retirements';
export { useFormKey, type WithKey } from './mutation';
export { awaitsConnection, useScreenFreshness, type ScreenFreshness } from './freshness';
