// The design system's global style sheet as CSS text, worked out once at build time by the same
// code the app runs (@imprest/ui global-css.ts over its system), and given to the build as
// __IMPREST_GLOBAL_CSS__: the dashboard's first load then inserts it as one <style> instead of
// creating it with Emotion in the browser. esbuild bundles the two modules for Node.
const path = require('node:path');
const { createRequire } = require('node:module');
const esbuild = require('esbuild');

const UI_DIR = path.resolve(__dirname, '../ui');

/** What a CommonJS bundle esbuild wrote exports, run in this process, its bare imports resolved from @imprest/ui. */
function runBundle(code) {
  const module = { exports: {} };
  new Function('module', 'exports', 'require', code)(module, module.exports, createRequire(path.join(UI_DIR, 'package.json')));
  return module.exports;
}

/** The CSS text of `globalCssText(system)`, evaluated in this (Node) process. */
function chakraGlobalCss() {
  const { outputFiles } = esbuild.buildSync({
    stdin: {
      contents:
        "import { designSystem } from './src/system'; import { globalCssText } from './src/global-css'; module.exports = globalCssText(designSystem());",
      resolveDir: UI_DIR,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const css = runBundle(outputFiles[0].text);
  if (typeof css !== 'string' || !css.includes('@layer')) throw new Error('global-css: the system wrote no global style sheet');
  return css;
}

class GlobalCssPlugin {
  apply(compiler) {
    new compiler.webpack.DefinePlugin({ __IMPREST_GLOBAL_CSS__: JSON.stringify(chakraGlobalCss()) }).apply(compiler);
  }
}

module.exports = { chakraGlobalCss, GlobalCssPlugin, runBundle, UI_DIR };
