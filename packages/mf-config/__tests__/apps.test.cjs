// The list of apps (apps.json) against what cannot read it: the folders and pnpm's workspace globs,
// and @imprest/domain's section table, which the browser bundles carry (in the menu's order).
const fs = require('node:fs');
const path = require('node:path');
const { REMOTE_NAMES } = require('@imprest/domain');
const APPS = require('../../../apps.json');

const ROOT = path.resolve(__dirname, '../../..');
const LIST = [APPS.shell, ...APPS.remotes];

/** pnpm-workspace.yaml's package globs (`- shell`, `- mf-*`), as regular expressions. */
function workspaceGlobs() {
  const yaml = fs.readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:\s+-\s.+\n)+)/m.exec(yaml)[1];
  return block
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^\s+-\s+/, '').replace(/^'|'$/g, ''))
    .map((glob) => new RegExp(`^${glob.replace(/\*/g, '[^/]*')}$`));
}

const hasPackage = (dir) => fs.existsSync(path.join(ROOT, dir, 'package.json'));

describe('the list of apps', () => {
  it('names each app once, by a folder holding its package, with a port of its own', () => {
    const dirs = LIST.map((app) => app.dir);
    expect(new Set(dirs).size).toBe(dirs.length);
    expect(new Set(LIST.map((app) => app.name)).size).toBe(LIST.length);
    expect(new Set(LIST.map((app) => app.port)).size).toBe(LIST.length);
    for (const app of LIST) {
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, app.dir, 'package.json'), 'utf8'));
      expect(pkg.name).toBe(`@imprest/${app.dir}`);
      // a federation name is a JavaScript identifier: the container's global (var mf_budget)
      expect(app.name).toMatch(/^[A-Za-z_$][\w$]*$/);
    }
  });

  it('holds every remote folder (mf-*), and pnpm-workspace.yaml includes each app', () => {
    const folders = fs
      .readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-') && hasPackage(entry.name))
      .map((entry) => entry.name);
    expect(APPS.remotes.map((remote) => remote.dir).sort()).toEqual(folders.sort());
    const globs = workspaceGlobs();
    for (const app of LIST) expect(globs.some((glob) => glob.test(app.dir))).toBe(true);
  });

  it("has the remotes of @imprest/domain's section table, which the shell's menu and routes read", () => {
    expect([...REMOTE_NAMES].sort()).toEqual(APPS.remotes.map((remote) => remote.name).sort());
  });

  it("gives each app's webpack config its federation name and dev port", () => {
    for (const app of LIST) {
      const config = require(path.join(ROOT, app.dir, 'webpack.config.cjs'))({}, { mode: 'production' });
      expect(config.output.uniqueName).toBe(app.name);
      expect(config.devServer.port).toBe(app.port);
      const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
      expect(federation._options.name).toBe(app.name);
    }
  });
});
