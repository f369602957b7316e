// patches/@chakra-ui__react@3.37.0.patch changes Chakra's ESM build (the one webpack bundles) at
// install time; its CommonJS build is left as published, so it is the reference the patch is held to.
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const esbuild = require('esbuild');
const { runBundle, UI_DIR } = require('../global-css.cjs');

const fromUi = createRequire(path.join(UI_DIR, 'package.json'));
const CHAKRA_DIR = path.dirname(fromUi.resolve('@chakra-ui/react/package.json'));

/** Chakra's createSystem and default config from its ESM build, bundled for Node as webpack would take it. */
async function esmChakra() {
  const { outputFiles } = await esbuild.build({
    stdin: { contents: "export { createSystem, defaultConfig } from '@chakra-ui/react';", resolveDir: UI_DIR, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    conditions: ['import'],
    write: false,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', '@emotion/react'],
  });
  return runBundle(outputFiles[0].text);
}

describe('the Chakra patch (applied by pnpm install)', () => {
  // esbuild's async API keeps a service process running until told
  afterAll(() => esbuild.stop());

  it('makes the system build its global styles on first read, the same as the published build makes them at once', async () => {
    const published = fromUi('@chakra-ui/react');
    const eager = published.createSystem(published.defaultConfig);
    expect(Object.getOwnPropertyDescriptor(eager, '_global').value).toHaveLength(3);

    const patched = await esmChakra();
    const lazy = patched.createSystem(patched.defaultConfig);
    expect(typeof Object.getOwnPropertyDescriptor(lazy, '_global').get).toBe('function');
    expect(lazy._global).toEqual(eager._global);
    expect(lazy._global).toBe(lazy._global);
  });

  it('marks the default theme pure, so the recipes no system uses can drop from a bundle', () => {
    const theme = fs.readFileSync(path.join(CHAKRA_DIR, 'dist/esm/theme/index.js'), 'utf8');
    expect(theme).toMatch(/const defaultThemeConfig = \/\*#__PURE__\*\/ defineConfig\(/);
  });
});
