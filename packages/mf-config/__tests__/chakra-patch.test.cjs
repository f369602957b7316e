const fs = require('node:fs');
const esbuild = require('esbuild');
const lazyGlobalStyles = require('../lazy-global-styles-loader.cjs');
const { runBundle, UI_DIR } = require('../global-css.cjs');

const SYSTEM_JS = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

const withLoader = {
  name: 'lazy-global-styles',
  setup(build) {
    build.onLoad({ filter: SYSTEM_JS }, (args) => ({
      contents: lazyGlobalStyles.call({ resourcePath: args.path }, fs.readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};

/** Chakra's createSystem and default config from its ESM build (the one webpack bundles), with or without the loader. */
async function chakra({ patched }) {
  const { outputFiles } = await esbuild.build({
    stdin: { contents: "export { createSystem, defaultConfig } from '@chakra-ui/react';", resolveDir: UI_DIR, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    external: ['react', 'react-dom', 'react/jsx-runtime', '@emotion/react'],
    plugins: patched ? [withLoader] : [],
  });
  return runBundle(outputFiles[0].text);
}

describe('lazy-global-styles-loader (Chakra system.js)', () => {
  // esbuild's async API keeps a service process running until told
  afterAll(() => esbuild.stop());

  it('stops the build when Chakra no longer builds _global that way', () => {
    const changed = 'const _global = [getTokenCss()];\n  return {\n    _global,\n  };';
    expect(() => lazyGlobalStyles.call({ resourcePath: 'system.js' }, changed)).toThrow(/no longer builds _global/);
  });

  it('gives a system whose global styles are the same, built once when first read', async () => {
    const original = await chakra({ patched: false });
    const eager = original.createSystem(original.defaultConfig);
    expect(Object.getOwnPropertyDescriptor(eager, '_global').value).toHaveLength(3);

    const patched = await chakra({ patched: true });
    const lazy = patched.createSystem(patched.defaultConfig);
    expect(typeof Object.getOwnPropertyDescriptor(lazy, '_global').get).toBe('function');
    expect(lazy._global).toEqual(eager._global);
    expect(lazy._global).toBe(lazy._global);
  });
});
