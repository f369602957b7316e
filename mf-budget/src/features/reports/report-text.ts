/** How many of a thing, the noun by the count: "1 advance", "0 advances", "2 advances". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
