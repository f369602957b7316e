// '@imprest/api-client/offline': drafts, files kept on the device and the outbox. A shared entry of
// its own, apart from the main one, so the sign-in page does not load it; it reaches the main
// entry (http, calls, session events) through the package name, so there is one of each at run time.
export { isOnline, useOnline, onReconnect } from './online';
export { loadDraft, saveDraft, keepFileOnDevice, type DraftForm } from './drafts';
export { uploadOrKeep } from './device-upload';
export { useOfflineForm, type SendResult } from './offline-form';
export { useOutbox, loadOutbox, processOutbox, takeBackForEditing, discardOutboxItem, type OutboxItem } from './outbox';
