// The shell's entry (main.js) named by its content once that content is final, as every chunk is.
//
// webpack cannot put [contenthash] in an entry's name here: the federation runtime module asks for
// the entry's file name while the hash is not known yet ("Path variable [contenthash:8] not
// implemented in this context"). A plain main.js had two costs. The server could only serve it
// no-cache. And the service worker's precache keyed it as /main.js?__WB_REVISION__=…: Chromium made
// V8's code cache for it on every start and never found it again, so main.js was compiled afresh on
// each warm visit while every hashed file ran from its cache (docs/performance.md, tenth session).
class HashedEntryPlugin {
  apply(compiler) {
    const { Compilation, sources, util } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HashedEntry', (compilation) => {
      // after minifying and the source map's comment (DEV_TOOLING), before index.html names the
      // entry (OPTIMIZE_INLINE), before compression and the service worker's manifest
      const stage = Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING + 1;
      compilation.hooks.processAssets.tap({ name: 'HashedEntry', stage }, () => {
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const file of [...entrypoint.getEntrypointChunk().files]) {
            if (!file.endsWith('.js')) continue;
            const { source } = compilation.getAsset(file);
            const hash = util.createHash('sha256').update(source.buffer()).digest('hex').slice(0, 8);
            const named = file.replace(/\.js$/, `.${hash}.js`);
            // renameAsset also renames it in its chunk's files, which HtmlWebpackPlugin reads; marked
            // immutable, Workbox precaches it by its plain URL, with no revision
            compilation.renameAsset(file, named);
            const info = { immutable: true, contenthash: hash };
            // its source map follows it (`<file>.map`, as the bench's tools and every chunk's map are named)
            const map = `${file}.map`;
            if (!compilation.getAsset(map)) {
              compilation.updateAsset(named, (same) => same, info);
              continue;
            }
            compilation.renameAsset(map, `${named}.map`);
            const code = source.source().toString().replace(`//# sourceMappingURL=${map}`, `//# sourceMappingURL=${named}.map`);
            compilation.updateAsset(named, new sources.RawSource(code), { ...info, related: { sourceMap: `${named}.map` } });
          }
        }
      });
    });
  }
}

module.exports = { HashedEntryPlugin };
