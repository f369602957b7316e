/** @jest-environment node */
// lib-groups.cjs decides which library file a bundled rule goes in; checked by building a small
// app shaped like the shell (a page on the router, a page on the UI package) with webpack itself.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS helper, as webpack.config.cjs takes it
const { inDashboardLibs, inFramework } = require('../../lib-groups.cjs');

const FILES: Record<string, string> = {
  'src/index.js': "import('./sign-in'); import('./dashboard');",
  'src/sign-in.js':
    "import { signIn } from '../packages/router/src/index.js'; import { title } from '../packages/domain/src/titles.js'; signIn(title);",
  'src/dashboard.js':
    "import { table } from '../packages/ui/src/index.js'; import { status } from '../packages/domain/src/status.js'; table(status);",
  'packages/router/src/index.js': "import { isAdmin } from '../../domain/src/roles.js'; export const signIn = (t) => isAdmin(t);",
  'packages/ui/src/index.js':
    "import { fileName } from '../../domain/src/files.js'; import { status } from '../../domain/src/status.js'; export const table = (s) => fileName(s) + status;",
  // roles goes through a helper of its own: imported by the router only by way of another rule
  'packages/domain/src/roles.js': "import { ROLES } from './role-list.js'; export const isAdmin = (r) => ROLES.includes(r);",
  'packages/domain/src/role-list.js': "export const ROLES = ['director'];",
  'packages/domain/src/files.js': 'export const fileName = (s) => `${s}.pdf`;',
  'packages/domain/src/status.js': "export const status = 'pending';",
  'packages/domain/src/titles.js': "export const title = 'Sign In';",
};

/** The source files each named output chunk holds, after building FILES with the shell's two groups. */
async function build(dir: string): Promise<Record<string, string[]>> {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    output: { path: path.join(dir, 'dist') },
    optimization: {
      minimize: false,
      splitChunks: {
        cacheGroups: {
          framework: { name: 'framework', test: inFramework, chunks: 'async', enforce: true, priority: 20 },
          dashboard: { name: 'dashboard-libs', test: inDashboardLibs, chunks: 'async', enforce: true, priority: 10 },
        },
      },
    },
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  expect(stats.hasErrors()).toBe(false);
  const chunks: Record<string, string[]> = {};
  for (const chunk of stats.toJson({ chunkModules: true }).chunks ?? []) {
    const name = chunk.names?.[0] ?? String(chunk.id);
    chunks[name] = (chunk.modules ?? []).flatMap((m) => (m.modules ?? [m]).map((inner) => String(inner.name).replace(/^\.\//, '')));
  }
  return chunks;
}

describe('the shell’s library files (lib-groups.cjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lib-groups-'));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts a rule in the file of the library that imports it, and one a page imports too stays out of the dashboard’s', async () => {
    const chunks = await build(dir);
    expect(chunks.framework).toEqual(
      expect.arrayContaining(['packages/router/src/index.js', 'packages/domain/src/roles.js', 'packages/domain/src/role-list.js']),
    );
    expect(chunks['dashboard-libs']).toEqual(expect.arrayContaining(['packages/ui/src/index.js', 'packages/domain/src/files.js']));
    // status: the UI package and the dashboard page both import it; titles: only the sign-in page
    expect(chunks['dashboard-libs']).not.toContain('packages/domain/src/status.js');
    expect([...chunks.framework, ...chunks['dashboard-libs']]).not.toContain('packages/domain/src/titles.js');
  }, 60_000);
});

describe('the section widgets are listed once (mf-config shared.cjs SECTION_WIDGETS)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS list
  const { SECTION_WIDGETS, shared } = require('@imprest/mf-config/shared.cjs') as {
    SECTION_WIDGETS: Array<{ name: string; record: boolean }>;
    shared: Record<string, unknown>;
  };
  const names = SECTION_WIDGETS.map((w) => w.name);

  it('each is shared as a module of its own', () => {
    expect(Object.keys(shared).filter((key) => key.startsWith('@imprest/ui/'))).toEqual(names.map((name) => `@imprest/ui/${name}`));
  });

  it('the frame loads each once the page has settled: the imports webpack needs written out are the list', () => {
    const source = readFileSync(path.join(__dirname, '../app/federation/section-widgets.ts'), 'utf8');
    const imported = [...source.matchAll(/import\('@imprest\/ui\/([a-z-]+)'\)/g)].map((m) => m[1]);
    expect(imported).toEqual(names);
  });
});
