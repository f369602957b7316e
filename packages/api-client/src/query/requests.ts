import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createRequest,
  fetchAwaitingReviews,
  getRelatedRequests,
  getRequest,
  getRequestSummary,
  listPendingRequests,
  listRequests,
  resubmitRequest,
  reviewRequest,
  type PendingQuery,
  type RequestListQuery,
} from '@imprest/api-client';
import type { RequestEditInput, RequestInput, ReviewInput, SystemRole } from '@imprest/domain';
import { budgetKeys } from './budget';
import { useInvalidatingMutation, type WithKey } from './mutation';

/** Every requests key starts with 'requests', so one invalidation (a review, realtime) refreshes them all. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (query: RequestListQuery) => ['requests', 'list', query] as const,
  pending: (query: PendingQuery) => ['requests', 'pending', query] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  related: (id: number) => ['requests', 'related', id] as const,
  summary: (userId: number, role?: SystemRole) => ['requests', 'summary', userId, role ?? 'user'] as const,
  awaiting: (userId: number, role: SystemRole) => ['requests', 'awaiting', userId, role] as const,
};

const isId = (id: number) => Number.isInteger(id) && id > 0;

/**
 * The list reads as query options: the hooks below use them, and a page's code may start the same
 * reads before it renders (prefetchRead), under the same keys.
 */
export const requestQueries = {
  list: (query: RequestListQuery) => ({
    queryKey: requestKeys.list(query),
    queryFn: () => listRequests(query),
    enabled: isId(query.userId),
  }),
  pending: (query: PendingQuery) => ({
    queryKey: requestKeys.pending(query),
    queryFn: () => listPendingRequests(query),
    enabled: isId(query.userId),
  }),
  summary: (userId: number, role?: SystemRole) => ({
    queryKey: requestKeys.summary(userId, role),
    queryFn: () => getRequestSummary(userId, role),
    enabled: isId(userId),
  }),
  detail: (id: number) => ({ queryKey: requestKeys.detail(id), queryFn: () => getRequest(id).then((r) => r.data), enabled: isId(id) }),
  related: (id: number) => ({
    queryKey: requestKeys.related(id),
    queryFn: () => getRelatedRequests(id).then((r) => r.data),
    enabled: isId(id),
  }),
};

export function useRequestList(query: RequestListQuery) {
  return useQuery({ ...requestQueries.list(query), placeholderData: keepPreviousData });
}

export function usePendingRequests(query: PendingQuery) {
  return useQuery(requestQueries.pending(query));
}

export function useRequest(id: number) {
  return useQuery(requestQueries.detail(id));
}

/** The split view of a request: the owner's other requests on its code in the last 30 days, for its reviewers and finance. */
export function useRelatedRequests(id: number) {
  return useQuery(requestQueries.related(id));
}

export function useRequestSummary(userId: number, role?: SystemRole) {
  return useQuery(requestQueries.summary(userId, role));
}

/**
 * The steps the reviewer may accept now, their own and those lent by a running delegation (the
 * server decides). A query, so offline it waits for the connection like every other read, and a
 * review anywhere (realtime) refreshes it.
 */
export function useAwaitingReviews(userId: number, role: SystemRole) {
  return useQuery({ queryKey: requestKeys.awaiting(userId, role), queryFn: fetchAwaitingReviews, enabled: isId(userId) });
}

/** A request changes budget balances too, so requests and budget queries refresh together. */
const useRequestMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useInvalidatingMutation([requestKeys.all, budgetKeys.all], mutationFn);

export const useCreateRequest = () =>
  useRequestMutation(({ body, options }: WithKey<RequestInput>) => createRequest(body, options).then((r) => r.data));
export const useResubmitRequest = () =>
  useRequestMutation(({ body, options }: WithKey<RequestEditInput>) => resubmitRequest(body, options).then((r) => r.data));
export const useReviewRequest = () => useRequestMutation((body: ReviewInput) => reviewRequest(body).then((r) => r.data));
