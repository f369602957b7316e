// Emits offline-files.json: the JavaScript a remote runs, so the shell can cache a whole section
// in the background after sign-in and the section opens offline without having been visited;
// start-files.json: what its App needs to render at all (startFiles); and route-files.json: those,
// for each lazily loaded page its own chunks (pageFiles), and for each lazy part of a page its
// chunks (partFiles), so the shell can ask for a route's code side by side the moment it knows the
// route, instead of entry → App → page one after another (the server lists them in /remotes.json).
const SHARED_MODULES = new Set(['ConsumeSharedModule', 'ProvideSharedModule']);

/**
 * A chunk that only a shared package's fallback copy loads (every group it is in hangs from a
 * shared module): it never runs while the shell provides the package.
 */
const onlyFallback = (chunk) =>
  [...chunk.groupsIterable].every((group) => group.origins.every((origin) => SHARED_MODULES.has(origin.module?.constructor.name)));

/**
 * The chunks holding the remote's own code: every module reached from the container (its exposed
 * App) through imports, static or dynamic, without entering a shared module. A shared package's
 * fallback copy (react, the router…) is reached only through its shared module and never runs
 * when the shell provides the package: leaving those chunks out spares a phone about 500 KB.
 */
function ownChunks(compilation) {
  const { moduleGraph, chunkGraph } = compilation;
  const seen = new Set();
  const queue = [...compilation.modules].filter((m) => m.constructor.name === 'ContainerEntryModule');
  while (queue.length > 0) {
    const module = queue.pop();
    if (seen.has(module)) continue;
    seen.add(module);
    for (const connection of moduleGraph.getOutgoingConnections(module)) {
      const target = connection.module;
      if (target && !seen.has(target) && !SHARED_MODULES.has(target.constructor.name)) queue.push(target);
    }
  }
  // a module of the remote's own that a fallback copy holds too is run from the remote's chunk
  const chunks = new Set();
  for (const module of seen) for (const chunk of chunkGraph.getModuleChunks(module)) if (!onlyFallback(chunk)) chunks.add(chunk);
  return chunks;
}

/**
 * The files the exposed App needs before it renders: its own chunk group (the App and what it
 * imports statically), not the pages it loads lazily nor shared fallbacks. The shell's boot.js
 * fetches them ahead beside remoteEntry.js, instead of once that has run and asked for them.
 */
function startFiles(compilation) {
  const { chunkGraph } = compilation;
  const files = new Set();
  for (const container of [...compilation.modules].filter((m) => m.constructor.name === 'ContainerEntryModule')) {
    for (const block of container.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      for (const chunk of group?.chunks ?? []) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    }
  }
  return [...files].sort();
}

/** A lazy page's chunk name: `page-` and the route ids it serves (the domain's route table), `-` between. */
const PAGE_CHUNK = /^page-(.+)$/;
/** A lazy part of a page, shown only in some of its modes: `part-<route id>-<part>` (e.g. `part-retirement-submit`). */
const PART_CHUNK = /^part-([^-]+)-(.+)$/;

/** The JavaScript files of a named chunk group (what webpack split out of it included), less `known`. */
function groupFiles(group, known) {
  const files = new Set();
  for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js') && !known.includes(file)) files.add(file);
  return [...files].sort();
}

/**
 * For each route id named by a lazy page's chunk (its webpackChunkName, e.g. `page-request-viewRequest`
 * for the page both routes show), the files that page needs beyond the App's own.
 */
function pageFiles(compilation, start) {
  const pages = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const match = PAGE_CHUNK.exec(name);
    if (match) for (const route of match[1].split('-')) pages[route] = groupFiles(group, start);
  }
  return pages;
}

/**
 * Per route id, its page's lazy parts (`part-retirement-settle` → parts.retirement.settle): the
 * files each needs beyond the App's and the page's, so the shell can start a part's code as soon as
 * the route's first read says the page will show it.
 */
function partFiles(compilation, start, pages) {
  const parts = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const match = PART_CHUNK.exec(name);
    if (!match) continue;
    const [, route, part] = match;
    (parts[route] ??= {})[part] = groupFiles(group, [...start, ...(pages[route] ?? [])]);
  }
  return parts;
}

/**
 * The packages a chunk group takes from the shell (its consume-shared modules' keys, e.g.
 * `@imprest/ui/forms`): the shell starts those it has not loaded with the route's code, where they
 * would otherwise be asked for only once the page's chunk has arrived and run, a round trip later.
 */
function sharedOf(compilation, groups) {
  const keys = new Set();
  for (const group of groups)
    for (const chunk of group?.chunks ?? [])
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
        if (module.constructor.name === 'ConsumeSharedModule') keys.add(module.options.shareKey);
  return [...keys].sort();
}

/** Per route id of a lazy page, and per `<route>/<part>` of a lazy part, the packages its code takes from the shell. */
function sharedFiles(compilation) {
  const shared = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const page = PAGE_CHUNK.exec(name);
    if (page) for (const route of page[1].split('-')) shared[route] = sharedOf(compilation, [group]);
    const part = PART_CHUNK.exec(name);
    if (part) shared[`${part[1]}/${part[2]}`] = sharedOf(compilation, [group]);
  }
  return shared;
}

class OfflineFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('OfflineFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'OfflineFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const files = new Set();
          for (const chunk of ownChunks(compilation)) {
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          // remoteEntry.js is fetched fresh each time (network first); the list holds the hashed chunks
          files.delete('remoteEntry.js');
          compilation.emitAsset('offline-files.json', new RawSource(JSON.stringify([...files].sort())));
          const start = startFiles(compilation);
          compilation.emitAsset('start-files.json', new RawSource(JSON.stringify(start)));
          const pages = pageFiles(compilation, start);
          const routes = { start, pages, parts: partFiles(compilation, start, pages), shared: sharedFiles(compilation) };
          compilation.emitAsset('route-files.json', new RawSource(JSON.stringify(routes)));
        },
      );
    });
  }
}

module.exports = { OfflineFilesPlugin, onlyFallback };
