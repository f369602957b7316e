export { http, ApiError, API_BASE, errorMessage } from './http';
export { useSession, setSession, clearSession, SESSION_STORAGE_KEY, type SessionState, type Flag } from './session-store';
export { useMode, setMode, initialModeFor, resetMode, type Mode } from './mode-store';
export * from './session-actions';
export * from './calls/auth';
export * from './calls/users';
export * from './calls/budget';
export { filenameFromDisposition } from './calls/download';
export { onSessionEnd } from './session-events';
