import { getHistory, onSessionEnd, type History, type HistoryEntity } from '@imprest/api-client';

/** An answer read ahead is taken only this soon after it was asked for; later, the page asks again. */
const HISTORY_AHEAD_TTL_MS = 10_000;

const ahead = new Map<string, { at: number; answer: Promise<History> }>();
const keyOf = (entity: HistoryEntity, id: number) => `${entity}/${id}`;

/**
 * Starts a record's history read before its page has rendered (the shell, as a person heads for the
 * page). The history is not in the query cache (HistorySection reads it itself, again whenever the
 * record changes), so the page takes this answer once, through loadHistory, and reads afresh after.
 */
export function prefetchHistory(entity: HistoryEntity, id: number): void {
  const key = keyOf(entity, id);
  const kept = ahead.get(key);
  if (kept && Date.now() - kept.at <= HISTORY_AHEAD_TTL_MS) return;
  const answer = getHistory(entity, id);
  answer.catch(() => undefined);
  ahead.set(key, { at: Date.now(), answer });
}

/** A record's history: the answer read ahead for it when there is a fresh one (once), else a read now. */
export function loadHistory(entity: HistoryEntity, id: number): Promise<History> {
  const key = keyOf(entity, id);
  const kept = ahead.get(key);
  ahead.delete(key);
  if (kept && Date.now() - kept.at <= HISTORY_AHEAD_TTL_MS) return kept.answer.catch(() => getHistory(entity, id));
  return getHistory(entity, id);
}

// an answer read for one session is never handed to the next
onSessionEnd(() => ahead.clear());
