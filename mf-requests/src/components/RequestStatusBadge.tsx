/** One badge for a request's status wherever a request is listed (the budget code's requests too). */
export { RequestStatusBadge } from '@imprest/ui';
