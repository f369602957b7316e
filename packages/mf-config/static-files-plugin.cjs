// Emits plain files (web manifest, icons) into the build as they are, without a copy package.
const fs = require('node:fs');
const path = require('node:path');

class StaticFilesPlugin {
  /** @param {string[]} files absolute paths; each is emitted under its base name */
  constructor(files) {
    this.files = files;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StaticFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StaticFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of this.files) {
            compilation.fileDependencies.add(file);
            compilation.emitAsset(path.basename(file), new RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

module.exports = { StaticFilesPlugin };
