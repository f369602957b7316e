// template-chunks-plugin.cjs: HtmlWebpackPlugin's template compilation no longer emits a second,
// Node-format copy of the shared modules a host provides by their file. Checked by building a small
// host with webpack, Module Federation and HtmlWebpackPlugin themselves.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { tempApp } = require('./temp-app.cjs');
const { TemplateChunksPlugin } = require('../template-chunks-plugin.cjs');

const FILES = {
  'src/index.js': "import('./start');",
  'src/start.js': "export const started = 'yes';",
  // provided by its file, as shared.cjs provides @imprest/ui/forms: webpack provides it although nothing imports it
  'src/widgets.js': "export const widget = 'a widget the sections share';",
  'index.html': '<!doctype html><html><head><title>t</title></head><body></body></html>',
};

/** Builds the host into a folder of its own; the files it wrote and the build's errors. */
async function build(dir, plugins) {
  const out = fs.mkdtempSync(path.join(dir, 'dist-'));
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './src/index.js' },
    output: { path: out, publicPath: '/', filename: '[name].js', chunkFilename: '[id].[contenthash:8].js' },
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'host',
        shared: { widgets: { singleton: true, version: '1.0.0', requiredVersion: '1.0.0', import: path.join(dir, 'src/widgets.js') } },
        dts: false,
        manifest: false,
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new HtmlWebpackPlugin({ template: path.join(dir, 'index.html') }),
      ...plugins,
    ],
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  const files = fs.readdirSync(out).filter((file) => file.endsWith('.js'));
  const read = (file) => fs.readFileSync(path.join(out, file), 'utf8');
  const page = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  return { files, read, page, errors: stats.toJson({ errors: true }).errors ?? [] };
}

describe("the template's compilation and the host's shared modules", () => {
  const folder = tempApp('template-chunks-', FILES);

  it('without the plugin, the template compilation writes a Node copy of the provided module that nothing loads', async () => {
    const { files, read, errors } = await build(folder(), []);
    expect(errors).toEqual([]);
    const nodeCopies = files.filter((file) => read(file).includes('exports.ids'));
    expect(nodeCopies).toHaveLength(1);
    expect(read(nodeCopies[0])).toContain('a widget the sections share');
  }, 60_000);

  it('with it, only the browser chunks are written, the provided module among them, and the page still names its entry', async () => {
    const { files, read, page, errors } = await build(folder(), [new TemplateChunksPlugin()]);
    expect(errors).toEqual([]);
    expect(files.filter((file) => read(file).includes('exports.ids'))).toEqual([]);
    // the browser's copy of the provided module is still there, in webpack's browser chunk format
    const browserCopies = files.filter((file) => read(file).includes('a widget the sections share'));
    expect(browserCopies).toHaveLength(1);
    expect(read(browserCopies[0])).toContain('webpackChunk');
    expect(page).toContain('<script defer="defer" src="/main.js"></script>');
  }, 60_000);
});
