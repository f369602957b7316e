// signin.html: index.html with the Sign In page's brand panel already in it, and the light style
// sheet, so a first visit to `/` paints the product's name and tagline as soon as the HTML arrives
// instead of after ~130 KB of JavaScript (Lighthouse's LCP on `/` was that tagline, at 2.1 s). The
// form is left to React: it appears in the empty half, so nothing painted moves (no layout shift),
// and no form can be sent before the code that handles it has arrived. The server answers `/` with
// it; every other page, and the service worker, keep the plain index.html.
// The text and styles are the app's own (strings.ts, styles.ts), read through TypeScript's
// transpiler; shell/src/__tests__/prerender.test.tsx checks the markup against AuthCard's.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** Bare imports of the modules read here, as the workspace maps them. */
const ALIASES = { '@imprest/ui/tokens': path.join(__dirname, '../packages/ui/src/tokens/index.ts') };

/** A TypeScript module of plain constants, evaluated in Node (its imports the same way). */
function loadTs(file, cache = new Map()) {
  if (cache.has(file)) return cache.get(file);
  const source = fs.readFileSync(file, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const module = { exports: {} };
  cache.set(file, module.exports);
  const load = (request) => {
    if (ALIASES[request]) return loadTs(ALIASES[request], cache);
    if (request.startsWith('.')) return loadTs(`${path.resolve(path.dirname(file), request)}.ts`, cache);
    throw new Error(`prerender: ${path.relative(__dirname, file)} imports ${request}, which is not read here`);
  };
  new Function('exports', 'require', 'module', outputText)(module.exports, load, module);
  cache.set(file, module.exports);
  return module.exports;
}

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The brand panel of AuthCard and an empty main beside it, and the sheet that styles them. */
function signInMarkup() {
  const { TEXT } = loadTs(path.join(__dirname, 'src/strings.ts'));
  const { LIGHT_CSS } = loadTs(path.join(__dirname, 'src/features/light-ui/styles.ts'));
  const html =
    // data-prerendered: hidden when a stored session is about to leave `/` for the dashboard (SIGNED_IN_CSS)
    '<div class="imp-auth" data-prerendered=""><aside class="imp-auth-brand">' +
    `<h2>${escapeHtml(TEXT.product)}</h2><p>${escapeHtml(TEXT.tagline)}</p>` +
    '</aside><main class="imp-auth-main"></main></div>';
  return { html, css: LIGHT_CSS };
}

/** boot.js, which runs in the head, marks the page of a stored session: the panel is not shown to it. */
const SIGNED_IN_CSS = '[data-signed-in] [data-prerendered]{display:none}';

/**
 * Emits signin.html beside index.html from the finished page (scripts and hints included), once
 * HtmlWebpackPlugin has written it (its stage is OPTIMIZE_INLINE).
 */
class PrerenderSignInPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrerenderSignIn', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrerenderSignIn', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 100 },
        () => {
          const index = compilation.getAsset('index.html');
          if (!index) return;
          const source = index.source.source().toString();
          const root = /<div id="?root"?><\/div>/;
          if (!root.test(source) || !source.includes('</head>')) throw new Error('prerender: index.html has no empty #root or </head>');
          const { html, css } = signInMarkup();
          const page = source
            .replace('</head>', () => `<style data-imprest="light-ui">${css}</style><style>${SIGNED_IN_CSS}</style></head>`)
            .replace(root, () => `<div id="root">${html}</div>`);
          // as written: the build's minimizer would rewrite the sheet's media queries into the range
          // syntax that phones before Chrome 104 / Safari 16.4 do not read
          compilation.emitAsset('signin.html', new sources.RawSource(page), { minimized: true });
        },
      );
    });
  }
}

module.exports = { PrerenderSignInPlugin, signInMarkup, SIGNED_IN_CSS };
