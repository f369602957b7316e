// The one script the service worker imports (GenerateSW's importScripts): the build's immutable
// precache files as a list, then public/sw-api.js (API reads) and public/sw-warm.js (the precache
// several files at a time) as they are; the minifier then takes the file as it takes every script
// (its additional-assets pass). One file, not two: a new worker fetches each script it imports
// before it installs, one after another, a round trip each on a phone's link.
const fs = require('node:fs');
const path = require('node:path');

const SW_IMPORTS = 'sw-imports.js';
const PARTS = ['public/sw-api.js', 'public/sw-warm.js'].map((file) => path.join(__dirname, file));

/** The manifest's files named by their content: Workbox gives them no revision and fetches them through the HTTP cache. */
const immutableUrls = (manifest) => manifest.filter((entry) => entry.revision === null).map((entry) => entry.url);

/** The script's text for a precache manifest (GenerateSW's entries, `{ url, revision }`). */
function swImportsText(manifest) {
  const list = `self.__IMPREST_PRECACHE_IMMUTABLE__ = ${JSON.stringify(immutableUrls(manifest))};\n`;
  return list + PARTS.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/**
 * A GenerateSW manifest transform that writes the script from the manifest it is given, unchanged:
 * the list then holds exactly what Workbox will precache, and compression (a later stage) sees it.
 */
function writeSwImports(manifest, compilation) {
  for (const file of PARTS) compilation.fileDependencies.add(file);
  compilation.emitAsset(SW_IMPORTS, new compilation.compiler.webpack.sources.RawSource(swImportsText(manifest)));
  return { manifest, warnings: [] };
}

module.exports = { SW_IMPORTS, writeSwImports };
