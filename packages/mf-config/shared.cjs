// What the shell and the remotes share at run time.
// - Singletons: one React, one router, one session store, one query cache, one theme. Chakra UI is
//   not shared on its own: it reaches the apps only through @imprest/ui, so the shared chunk holds
//   only the Chakra parts we use; TanStack Query likewise only through @imprest/api-client/query.
// - @imprest/domain is not shared at all: it holds no state, so each app bundles just the rules it
//   uses (tree-shaken) — the sign-in page takes a few e-mail and password rules instead of every
//   rule of every section, and a remote always runs the rules it was built with.
// - Workspace packages carry a version made from their sources, so a remote built against newer
//   shared code is told apart from the shell's copy. The stateful ones (api-client, ui, router)
//   are singletons: they may only grow compatibly, and the shell is deployed first when they
//   change — a mismatch is reported in the console.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const version = (pkg, from = 'shell') => require(require.resolve(`${pkg}/package.json`, { paths: [path.join(root, from)] })).version;

const singleton = (pkg, from) => {
  const v = version(pkg, from);
  return { singleton: true, requiredVersion: `^${v}`, version: v };
};

function sourceHash(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(full);
      } else if (!/\.test\.tsx?$/.test(entry.name)) {
        hash.update(entry.name).update(fs.readFileSync(full));
      }
    }
  };
  walk(path.join(root, 'packages', dir, 'src'));
  return hash.digest('hex').slice(0, 10);
}

/** `0.1.0-<hash of the sources>`: equal only when built from the same code. */
const contentVersion = (dir) => `0.1.0-${sourceHash(dir)}`;

const workspaceSingleton = (pkg, dir) => {
  const v = contentVersion(dir);
  return { singleton: true, requiredVersion: v, version: v, import: pkg };
};

/**
 * One the shell does not import itself: webpack provides a module named by its package only once the
 * app imports it, and one named by its file always, so the remotes find the shell's copy.
 */
const providedSingleton = (pkg, dir, file) => ({ ...workspaceSingleton(pkg, dir), import: path.join(root, 'packages', dir, file) });

/**
 * @imprest/ui's widget modules that the sections bring, not the frame or the home: each shared as a
 * module of its own (src/<name>/index.ts), so the dashboard loads without them. `record`: a record's
 * page (a request's detail, a retirement) draws with it as it first paints, so Sign In prefetches it
 * (the shell's lib-groups.cjs and boot-hints.cjs); the others (the switch and FileUpload) come once
 * the page has settled (src/app/federation/section-widgets.ts). @imprest/ui/dev, a remote's own dev
 * page, is not shared.
 */
const SECTION_WIDGETS = [
  { name: 'forms', record: true },
  { name: 'files', record: true },
  { name: 'inputs', record: false },
];

const shared = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  zustand: singleton('zustand'),
  // the form libraries: one copy for every app, the shell's (its own pages import both). Bundled by
  // each remote, formik, yup and lodash-es (19.5 KB br) were in four remotes' files: 59 KB br more
  // for a phone to cache before it works offline, and 19.5 KB again at each section's first form
  formik: singleton('formik'),
  yup: singleton('yup', 'packages/domain'),
  '@imprest/router': workspaceSingleton('@imprest/router', 'router'),
  '@imprest/api-client': workspaceSingleton('@imprest/api-client', 'api-client'),
  '@imprest/api-client/query': workspaceSingleton('@imprest/api-client/query', 'api-client'),
  '@imprest/api-client/offline': workspaceSingleton('@imprest/api-client/offline', 'api-client'),
  '@imprest/ui': workspaceSingleton('@imprest/ui', 'ui'),
  ...Object.fromEntries(
    SECTION_WIDGETS.map(({ name }) => [`@imprest/ui/${name}`, providedSingleton(`@imprest/ui/${name}`, 'ui', `src/${name}/index.ts`)]),
  ),
};

module.exports = { shared, SECTION_WIDGETS };
