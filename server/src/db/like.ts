import { type Expression, sql } from 'kysely';

/** `%text%` for a case-insensitive LIKE, with %, _ and \ taken literally (the search boxes). */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(expression) LIKE pattern, escaped as containsPattern writes it; the same SQL in both dialects. */
export function likeLower(expression: Expression<unknown>, pattern: string) {
  return sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
}
