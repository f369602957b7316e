// HtmlWebpackPlugin compiles index.html's template in a child compilation, which takes the parent's
// compilation hooks: Module Federation's shared modules provided by their file (shared.cjs
// providedSingleton: @imprest/ui/forms, files, inputs) were built there a second time, for Node
// (`exports.ids=…`), with their own copy of Chakra and jszip. Nothing loads those chunks (the page's
// runtime does not know them), yet they went out with the build and into the service worker's
// precache: four files, 145 KB br a phone fetched on every install for nothing. They are dropped
// here, once HtmlWebpackPlugin has taken the template's own output (at ADDITIONS).
const CHILD = 'HtmlWebpackCompiler';

class TemplateChunksPlugin {
  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.compilation.tap('TemplateChunks', (compilation) => {
      if (compilation.compiler.name !== CHILD) return;
      compilation.hooks.processAssets.tap({ name: 'TemplateChunks', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        for (const chunk of compilation.chunks) {
          for (const file of [...chunk.files, ...chunk.auxiliaryFiles]) {
            if (compilation.getAsset(file)) compilation.deleteAsset(file);
          }
        }
      });
    });
  }
}

module.exports = { TemplateChunksPlugin };
