/**
 * The import graph of a source folder, read with the TypeScript compiler's own import scanner
 * (static imports, re-exports and import() alike, type-only ones included: a type import is how a
 * rule file and the contract came to need each other), and its circles. Only relative imports
 * are followed: a package is outside the folder. Tests are left out, as they import freely.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const NOT_SOURCE = /\.(test|d)\.tsx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '__tests__']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names, as the bundler and tsc resolve it; null for a package or an asset. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => SOURCE.test(path) && existsSync(path)) ?? null;
}

/** Each source file under `folder` (paths relative to it) with the files it imports. */
export function importGraph(folder: string): ImportGraph {
  const root = resolve(folder);
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t): t is string => t !== null);
    graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): Tarjan's walk. */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** One shortest way round a group, from its first file back to it: what a message can name. */
function cycleThrough(graph: ImportGraph, group: string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Every import circle, each written 'a.ts → b.ts → a.ts'; [] when the imports go one way. */
export function importCircles(graph: ImportGraph): string[] {
  return stronglyConnected(graph)
    .map((group) => cycleThrough(graph, group).join(' → '))
    .sort();
}

/** Each file the graph reaches from `file` (itself excluded unless a circle leads back), with the way there. */
export function reachable(graph: ImportGraph, file: string): Map<string, string[]> {
  const ways = new Map<string, string[]>();
  const queue: string[][] = [[file]];
  while (queue.length > 0) {
    const way = queue.shift()!;
    for (const next of graph.get(way[way.length - 1]) ?? []) {
      if (ways.has(next)) continue;
      ways.set(next, [...way, next]);
      queue.push([...way, next]);
    }
  }
  return ways;
}
