export { queryClient, prefetchRead } from './query-client';
export { prefetchHistory, loadHistory } from './history';
export { ApiProvider } from './provider';
export * from './users';
export * from './budget';
export * from './requests';
export * from './approval';
export * from './retirements';
export * from './payouts';
export * from './delegations';
export * from './organization';
export { useFormKey } from './mutation';
export { awaitsConnection, useScreenFreshness } from './freshness';
// TanStack Query reaches the apps only through here, so the shared module holds only the parts we
// use (shared on its own, every export of the library came with it, whether used or not)
export { keepPreviousData, useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
