// Packages that jest loaded one file at a time into every test file's module registry, taken as one
// file each: Chakra UI with the Ark UI and Zag it imports (~1.6 s of CPU in every component test file,
// 0.5 s as one), Kysely (~300 ES modules for swc to transform, 0.35 s) and TypeBox (~130 files,
// 0.18 s) in every API test file (docs/performance.md §"The test run"). esbuild makes each once per
// installed set of packages, into the temp folder: the package's own code, as patched, bundled. Its
// subpaths read the same file (a shim each), so a test has one copy of its classes, contexts and
// symbols. React and Emotion stay outside Chakra's file: the rest of the code imports them too, and
// there must be one of each.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const esbuild = require('esbuild');

const PACKAGES = [
  // for the suites of one environment, resolved from the package that depends on it; jsdom's suites
  // resolve the browser's builds
  {
    environment: 'jsdom',
    name: '@chakra-ui/react',
    subpaths: ['theme'],
    from: 'packages/ui',
    platform: 'browser',
    external: ['react', 'react-dom', '@emotion/*'],
  },
  { environment: 'node', name: 'kysely', subpaths: ['migration'], from: 'server', platform: 'node' },
  { environment: 'node', name: '@sinclair/typebox', subpaths: ['compiler', 'errors', 'value'], from: 'server', platform: 'node' },
];

/** Writes under a temporary name, then renames: a jest process beside this one reads a whole file or none. */
function writeOnce(file, write) {
  if (fs.existsSync(file)) return;
  const temporary = `${file}.${process.pid}`;
  write(temporary);
  fs.renameSync(temporary, file);
}

/** moduleNameMapper entries for one package: its name to the bundle, each subpath to a shim reading it. */
function mapped({ name, subpaths, from, platform, external = [] }) {
  const dir = path.join(__dirname, from);
  // the installed copy (its real path, per checkout), every dependency's version and patch (the
  // lockfile: Ark UI and Zag go into Chakra's file), and how it is made (this file)
  const main = fs.realpathSync(require.resolve(name, { paths: [dir] }));
  const key = createHash('sha256')
    .update(`${name} ${main}`)
    .update(fs.readFileSync(path.join(__dirname, 'pnpm-lock.yaml')))
    .update(fs.readFileSync(__filename))
    .digest('hex')
    .slice(0, 12);
  const base = path.join(os.tmpdir(), `imprest-jest-${name.replace(/\W/g, '-')}-${key}`);
  const namespace = (subpath) => `__${subpath.replace(/\W/g, '_')}`;
  writeOnce(`${base}.cjs`, (outfile) =>
    esbuild.buildSync({
      stdin: {
        contents: [
          `export * from '${name}';`,
          ...subpaths.map((subpath) => `export * as ${namespace(subpath)} from '${name}/${subpath}';`),
        ].join('\n'),
        resolveDir: dir,
        loader: 'js',
      },
      bundle: true,
      format: 'cjs',
      platform,
      target: 'es2022',
      external,
      outfile,
      logLevel: 'warning',
    }),
  );
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const entries = [[`^${escape(name)}$`, `${base}.cjs`]];
  for (const subpath of subpaths) {
    const shim = `${base}.${subpath}.cjs`;
    writeOnce(shim, (outfile) =>
      fs.writeFileSync(outfile, `module.exports = require(${JSON.stringify(`${base}.cjs`)}).${namespace(subpath)};\n`),
    );
    entries.push([`^${escape(`${name}/${subpath}`)}$`, shim]);
  }
  return entries;
}

/** jest's moduleNameMapper entries for the packages above that `environment`'s suites take as one file. */
function bundledPackages(environment) {
  return Object.fromEntries(PACKAGES.filter((pkg) => pkg.environment === environment).flatMap(mapped));
}

module.exports = { bundledPackages };
