export { http, ApiError, API_BASE, errorMessage } from './http';
export { useSession, setSession, clearSession, SESSION_STORAGE_KEY, type SessionState, type Flag } from './session-store';
export { useMode, setMode, initialModeFor, resetMode, chooseMode, modeOnMount, type Mode } from './mode-store';
export * from './session-actions';
export { endRefusedSession } from './session-end';
export * from './calls/auth';
export * from './calls/users';
export * from './calls/budget';
export { filenameFromDisposition, fetchDownload, type DownloadedFile } from './calls/download';
export * from './calls/requests';
export { newIdempotencyKey, type CreateOptions } from './idempotency';
export * from './calls/approval';
export { onSessionEnd } from './session-events';
export * from './calls/files';
export * from './calls/retirements';
export * from './calls/reports';
export * from './calls/review-actions';
// the offline parts (drafts, outbox) are '@imprest/api-client/offline': the sign-in page does not load them
export { fetchedAtOf } from './offline/fetched-at';
