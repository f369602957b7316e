import { notFound } from '../errors';
import type { AccessRule } from './rules';

export { isAccessRule, type AccessRule } from './rules';

/**
 * The rules applied for one caller object. The auth guard reads a fresh caller row for every HTTP
 * request, so the row identifies the request; a WeakMap lets it go with the request.
 */
const applied = new WeakMap<object, Set<AccessRule>>();

/** Records that `rule` was decided for this caller (whatever the outcome). */
export function noteAccess(caller: object, rule: AccessRule): void {
  let rules = applied.get(caller);
  if (!rules) applied.set(caller, (rules = new Set()));
  rules.add(rule);
}

/** The rules decided so far for this caller row (the access audit reads it after the handler). */
export function appliedRules(caller: object | null): ReadonlySet<AccessRule> {
  return (caller && applied.get(caller)) || new Set();
}

/** Decides `rule` for the caller with the given outcome and records it; the one door every check goes through. */
export function allows(caller: object, rule: AccessRule, decision: boolean): boolean {
  noteAccess(caller, rule);
  return decision;
}

/** As `allows`, but a refusal is a 404: a forbidden object looks the same as a missing one (docs/architecture.md §Server). */
export function assertAccess<T>(caller: object, rule: AccessRule, object: T | null | undefined, decide: (object: T) => boolean): T {
  noteAccess(caller, rule);
  if (object === null || object === undefined || !decide(object)) throw notFound();
  return object;
}

/** The rule 'organization': what the call reads or writes belongs to the caller's organisation. */
export function organizationOf(caller: { organization_id: number }): number {
  noteAccess(caller, 'organization');
  return caller.organization_id;
}

const replays = new WeakSet<object>();

/**
 * The answer is the caller's own first answer, replayed for their Idempotency-Key: the rules were
 * applied when it was made, and the key is bound to the caller, so the audit accepts it.
 */
export function noteReplay(caller: object, replayed: boolean): void {
  if (replayed) replays.add(caller);
}

export function isReplay(caller: object | null): boolean {
  return caller !== null && replays.has(caller);
}
