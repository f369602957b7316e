// What the loaded JavaScript is made of, from the build's own source maps: Module Federation
// runtime bytes per file, and bytes per npm package, converted to compressed bytes by each
// file's own compression ratio.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { attributeFile, familyOf, isFederationSource, packageOf } from './lib/sourcemap.mjs';

const REMOTE_PREFIX = /^\/remotes\/([^/]+)\/(.+)$/;
export const NO_MAP = '(no source map)';

/** `/remotes/mf-requests/remoteEntry.js` → `<root>/mf-requests/dist/remoteEntry.js`; `/x.js` → shell. */
export function distFileFor(root, urlPath) {
  const remote = REMOTE_PREFIX.exec(urlPath);
  const [app, rel] = remote ? [remote[1], remote[2]] : ['shell', urlPath.replace(/^\/+/, '')];
  if (rel.includes('..')) throw new Error(`refusing a path outside dist: ${urlPath}`);
  return { app, file: path.join(root, app, 'dist', rel) };
}

const cache = new Map();

/** One built file: sizes, compression ratios, federation bytes and bytes per package. */
export function analyzeFile(root, urlPath) {
  if (cache.has(urlPath)) return cache.get(urlPath);
  const { app, file } = distFileFor(root, urlPath);
  if (!existsSync(file)) throw new Error(`${urlPath} was loaded but ${file} does not exist (build changed during the run?)`);
  const code = readFileSync(file);
  const raw = code.length;
  const br = zlib.brotliCompressSync(code, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw },
  }).length;
  const gz = zlib.gzipSync(code, { level: 9 }).length;
  const onDisk = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : null;
  // webpack writes no map for a chunk that only re-exports; its bytes are reported as such
  const hasMap = existsSync(`${file}.map`);
  const bySource = hasMap ? attributeFile(file).bySource : new Map([[NO_MAP, raw]]);
  let fedRaw = 0;
  const fedParts = new Map();
  const packages = new Map();
  for (const [source, bytes] of bySource) {
    const pkg = packageOf(source);
    packages.set(pkg, (packages.get(pkg) ?? 0) + bytes);
    if (isFederationSource(source)) {
      fedRaw += bytes;
      fedParts.set(pkg, (fedParts.get(pkg) ?? 0) + bytes);
    }
  }
  const brRatio = br / raw;
  const gzRatio = gz / raw;
  const result = {
    urlPath,
    app,
    file: path.relative(root, file),
    raw,
    br,
    gz,
    brOnDisk: onDisk,
    brRatio,
    gzRatio,
    hasMap,
    federation: {
      raw: fedRaw,
      br: Math.round(fedRaw * brRatio),
      gz: Math.round(fedRaw * gzRatio),
      share: fedRaw / raw,
      parts: Object.fromEntries([...fedParts].sort((a, b) => b[1] - a[1])),
    },
    packages: Object.fromEntries([...packages].sort((a, b) => b[1] - a[1])),
  };
  cache.set(urlPath, result);
  return result;
}

/** Federation runtime bytes of every loaded file, split into the host and each remote's container. */
export function federationReport(root, urlPaths) {
  const files = urlPaths.map((p) => analyzeFile(root, p)).filter((f) => f.federation.raw > 0);
  const sum = (list, key) => list.reduce((total, f) => total + f.federation[key], 0);
  const host = files.filter((f) => f.app === 'shell');
  const remotes = {};
  for (const f of files.filter((x) => x.app !== 'shell')) (remotes[f.app] ??= []).push(f);
  const perRemote = Object.entries(remotes).map(([app, list]) => ({
    app,
    files: list.map((f) => f.urlPath),
    raw: sum(list, 'raw'),
    br: sum(list, 'br'),
    gz: sum(list, 'gz'),
  }));
  return {
    files: files.map((f) => ({
      urlPath: f.urlPath,
      app: f.app,
      fileRaw: f.raw,
      fileBr: f.br,
      raw: f.federation.raw,
      share: f.federation.share,
      br: f.federation.br,
      gz: f.federation.gz,
      parts: f.federation.parts,
    })),
    host: { raw: sum(host, 'raw'), br: sum(host, 'br'), gz: sum(host, 'gz') },
    perRemote,
    total: { raw: sum(files, 'raw'), br: sum(files, 'br'), gz: sum(files, 'gz') },
  };
}

/** Estimated compressed bytes per package (and per family) over a set of loaded files. */
export function packageReport(root, urlPaths) {
  const packages = new Map();
  const families = new Map();
  const seenIn = new Map();
  for (const urlPath of urlPaths) {
    const f = analyzeFile(root, urlPath);
    for (const [pkg, raw] of Object.entries(f.packages)) {
      const entry = packages.get(pkg) ?? { raw: 0, br: 0 };
      entry.raw += raw;
      entry.br += raw * f.brRatio;
      packages.set(pkg, entry);
      const family = familyOf(pkg);
      const fam = families.get(family) ?? { raw: 0, br: 0 };
      fam.raw += raw;
      fam.br += raw * f.brRatio;
      families.set(family, fam);
      if (raw >= 1024) (seenIn.get(pkg) ?? seenIn.set(pkg, []).get(pkg)).push({ urlPath, raw });
    }
  }
  const rows = (map) => [...map].map(([name, v]) => ({ name, raw: v.raw, br: Math.round(v.br) })).sort((a, b) => b.br - a.br);
  // the same package shipped in more than one loaded file is downloaded more than once
  const duplicated = [...seenIn]
    .filter(([, list]) => list.length > 1)
    .map(([name, list]) => ({ name, files: list.sort((a, b) => b.raw - a.raw) }))
    .sort((a, b) => b.files.reduce((s, x) => s + x.raw, 0) - a.files.reduce((s, x) => s + x.raw, 0));
  return { packages: rows(packages), families: rows(families), duplicated };
}

/** The largest packages inside one file, for the "what is heavy" listing. */
export function topPackagesOf(root, urlPath, limit = 3) {
  const f = analyzeFile(root, urlPath);
  return Object.entries(f.packages)
    .slice(0, limit)
    .map(([name, raw]) => ({ name, raw, share: raw / f.raw }));
}

/**
 * Module Federation packages present in more than one module format inside one file (e.g. the
 * CommonJS and the ESM build of runtime-core side by side): the same code shipped twice.
 */
export function dualFormatPackages(root, urlPath) {
  const { file } = distFileFor(root, urlPath);
  if (!existsSync(`${file}.map`)) return [];
  const { bySource } = attributeFile(file);
  const byPkg = new Map();
  for (const [source, bytes] of bySource) {
    const m = /node_modules\/(@[^/]+\/[^/]+|[^@/.][^/]*)\/(.*)\.(cjs|mjs|js)$/.exec(source);
    if (!m) continue;
    const format = m[3] === 'cjs' ? 'cjs' : 'esm'; // .js/.mjs next to a .cjs build is the ESM one
    const entry = byPkg.get(m[1]) ?? { cjs: 0, esm: 0 };
    entry[format] += bytes;
    byPkg.set(m[1], entry);
  }
  return [...byPkg]
    .filter(([, v]) => v.cjs > 512 && v.esm > 512)
    .map(([name, v]) => ({ name, cjs: v.cjs, esm: v.esm }))
    .sort((a, b) => Math.min(b.cjs, b.esm) - Math.min(a.cjs, a.esm));
}
