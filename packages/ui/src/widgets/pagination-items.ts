/** docs/product-rules.md §Limits: page sizes offered, the default, when the changer appears, how far "…" jumps. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_CHANGER_ABOVE = 50;
const PAGE_JUMP = 5;
const PAGE_JUMP_COMPACT = 3;

export type PageItem = { kind: 'page'; page: number } | { kind: 'jump'; page: number; direction: 'back' | 'forward' };

export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A typed page number is clamped to 1..last page; anything unreadable goes to page 1. */
export function clampPage(value: number, last: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), last);
}

/**
 * The buttons to show: first, last, a window around the current page, and "…" buttons that jump
 * 5 pages (3 in compact mode) where pages are left out — at least past the pages on show.
 */
export function pageItems(page: number, last: number, compact = false): PageItem[] {
  const jump = compact ? PAGE_JUMP_COMPACT : PAGE_JUMP;
  const radius = compact ? 1 : 2;
  if (last <= jump + 2) return Array.from({ length: last }, (_, i) => ({ kind: 'page', page: i + 1 }));
  const start = Math.max(2, Math.min(page - radius, last - 1 - 2 * radius));
  const end = Math.min(last - 1, Math.max(page + radius, 2 + 2 * radius));
  const items: PageItem[] = [{ kind: 'page', page: 1 }];
  if (start > 2) items.push({ kind: 'jump', page: clampPage(Math.min(page - jump, start - 1), last), direction: 'back' });
  for (let p = start; p <= end; p += 1) items.push({ kind: 'page', page: p });
  if (end < last - 1) items.push({ kind: 'jump', page: clampPage(Math.max(page + jump, end + 1), last), direction: 'forward' });
  items.push({ kind: 'page', page: last });
  return items;
}
