/**
 * Imports go one way. In the domain, the contract (the API's shapes) reads value lists from
 * modules below it and the rule files read the contract, never both ways round; the server's
 * layers and the shell's app/features split hold the same. A circle makes load order decide what
 * a module sees (an undefined at import time), and it is how the five contract ↔ rule circles
 * grew, one harmless-looking type import at a time.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { importCircles, importGraph, reachable, type ImportGraph } from './support/import-graph';

const REPO = resolve(__dirname, '../../../..');
const DOMAIN = join(REPO, 'packages/domain/src');
const REMOTES = readdirSync(REPO)
  .filter((name) => name.startsWith('mf-'))
  .map((name) => `${name}/src`);

describe('import circles', () => {
  // The whole workspace's sources in one walk (about 2 s): one rule, kept in one place.
  const FOLDERS = ['packages/domain/src', 'packages/api-client/src', 'packages/ui/src', 'server/src', 'shell/src', ...REMOTES];
  it.each(FOLDERS)('%s has none', (folder) => {
    const graph = importGraph(join(REPO, folder));
    expect(graph.size).toBeGreaterThan(10);
    expect(importCircles(graph)).toEqual([]);
  });

  it('are found, type-only imports and re-exports included', () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-circles-'));
    try {
      mkdirSync(join(folder, 'contract'));
      writeFileSync(join(folder, 'contract/users.ts'), "import { LOCK } from '../user';\nexport const UserSchema = LOCK;\n");
      writeFileSync(join(folder, 'user.ts'), "import type { UserSchema } from './contract/users';\nexport const LOCK = 1;\n");
      writeFileSync(join(folder, 'index.ts'), "export * from './user';\nexport * from './index';\n");
      writeFileSync(join(folder, 'roles.ts'), "export * from './user';\n");
      expect(importCircles(importGraph(folder))).toEqual(['contract/users.ts → user.ts → contract/users.ts', 'index.ts → index.ts']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the domain', () => {
  const graph: ImportGraph = importGraph(DOMAIN);
  const inContract = (file: string) => file.startsWith('contract/');

  it('lets the contract read only modules that do not lead back into it', () => {
    const wayBack = [...graph]
      .filter(([file]) => inContract(file))
      .flatMap(([file, targets]) => targets.filter((t) => !inContract(t)).map((t) => [file, t]))
      .flatMap(([file, target]) => {
        const back = [...reachable(graph, target)].find(([reached]) => inContract(reached));
        return back ? [[file, ...back[1]].join(' → ')] : [];
      });
    expect(wayBack).toEqual([]);
  });

  it("imports a module's own file, never a folder's index (only src/index.ts gathers them)", () => {
    const throughIndex = [...graph]
      .filter(([file]) => file !== 'index.ts' && !file.endsWith('/index.ts'))
      .flatMap(([file, targets]) => targets.filter((t) => t.endsWith('index.ts')).map((t) => `${file} → ${t}`));
    expect(throughIndex).toEqual([]);
  });
});
