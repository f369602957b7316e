// Bundles the server into dist/main.js: our code and the workspace packages go in, every
// dependency listed in package.json stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@imprest/'));

// paths from this file, so the build works from any working directory
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22', // the oldest supported Node (24 LTS is the one CI runs)
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // CommonJS dependencies call require(); give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'info',
});
