// Which of the shell's two library files a module goes in (webpack.config.cjs's splitChunks). The
// business rules (@imprest/domain) and fetched-at are bundled, not shared: left to webpack, the few
// of them that a shared library imports became a small file of that library's own (the session's
// rules beside the API client on every page; the lists' rules beside the query cache and the offline
// store on the dashboard), each one more request and round trip before the page could paint.
// Such a module now goes in the file of the library that imports it.

const { SECTION_WIDGETS } = require('@imprest/mf-config/shared.cjs');

const FRAMEWORK =
  /node_modules[\\/]\.pnpm[\\/](react|react-dom|scheduler|zustand|axios|react-router|react-router-dom|@remix-run\+router)@|packages[\\/](router|api-client[\\/]src[\\/](?!query|offline))/;
const DASHBOARD_LIBS =
  /node_modules[\\/]\.pnpm[\\/](@chakra-ui|@emotion|@ark-ui|@zag-js|@pandacss|@floating-ui|@internationalized|@swc|stylis|react-is|hoist-non-react-statics|@tanstack|proxy-compare|uqr|perfect-freeze)|packages[\\/](ui[\\/]src[\\/](?!tokens)|api-client[\\/]src[\\/](query|offline)[\\/](?!fetched-at))/;
/** Bundled helpers a library may import: the domain's rules and the API client's fetched-at. */
const HELPER = /packages[\\/](domain[\\/]src|api-client[\\/]src[\\/]offline[\\/]fetched-at)/;
/** The index file of each of `widgets` (shared.cjs's SECTION_WIDGETS) in @imprest/ui. */
const indexOf = (widgets) => new RegExp(`packages[\\\\/]ui[\\\\/]src[\\\\/](${widgets.map((w) => w.name).join('|')})[\\\\/]index\\.ts$`);
/**
 * The shared modules of @imprest/ui that sections bring when they open: what only they reach stays
 * in their own files, not in the dashboard's, which the frame and the home wait for.
 */
const SECTION_WIDGET_FILES = indexOf(SECTION_WIDGETS);
/** Of those, the ones a record's page (a request's detail, a retirement) takes as it first paints. */
const RECORD_WIDGET_FILES = indexOf(SECTION_WIDGETS.filter((w) => w.record));

const resourceOf = (module) => module?.resource ?? module?.rootModule?.resource ?? '';

/**
 * The resources of the modules that import `module`, through other helpers: a helper imported
 * only by another helper counts as imported by whatever imports that one.
 */
function importersOf(module, moduleGraph, seen = new Set()) {
  const found = [];
  for (const connection of moduleGraph.getIncomingConnections(module)) {
    const origin = connection.originModule;
    // an import whose exports go unused, or a re-export the importer was pointed past, is no need
    if (!origin || seen.has(origin) || connection.getActiveState(undefined) === false) continue;
    seen.add(origin);
    const resource = resourceOf(origin);
    if (HELPER.test(resource)) found.push(...importersOf(origin, moduleGraph, seen));
    else found.push(resource);
  }
  return found;
}

/**
 * framework: the libraries Sign In runs, and every helper one of them imports (Sign In loads it
 * anyway). dashboard-libs: the dashboard's libraries, and a helper only they import (nothing
 * else, so no page without them is made to load the file), but not what only the section
 * widgets' modules need.
 */
function inFramework(module, { moduleGraph }) {
  const resource = resourceOf(module);
  if (FRAMEWORK.test(resource)) return true;
  return HELPER.test(resource) && importersOf(module, moduleGraph).some((r) => FRAMEWORK.test(r));
}

const chunkKinds = new WeakMap();

/**
 * Whether a chunk holds the index of one of `modules` (webpack gives each shared module's code an
 * async chunk of its own).
 */
function holdsIndexOf(modules, chunk, chunkGraph) {
  let kinds = chunkKinds.get(chunk);
  if (!kinds) chunkKinds.set(chunk, (kinds = new Map()));
  if (!kinds.has(modules)) {
    const held = [...chunkGraph.getChunkModulesIterable(chunk)];
    kinds.set(
      modules,
      held.some((m) => modules.test(resourceOf(m))),
    );
  }
  return kinds.get(modules);
}

/** Needed only by the modules `modules` matches: every chunk that holds it is one of theirs. */
function onlyFor(modules, module, chunkGraph) {
  const chunks = [...chunkGraph.getModuleChunksIterable(module)];
  return chunks.length > 0 && chunks.every((chunk) => holdsIndexOf(modules, chunk, chunkGraph));
}

const onlyForSections = (module, chunkGraph) => onlyFor(SECTION_WIDGET_FILES, module, chunkGraph);

function inDashboardLibs(module, { moduleGraph, chunkGraph }) {
  const resource = resourceOf(module);
  if (onlyForSections(module, chunkGraph)) return false;
  if (DASHBOARD_LIBS.test(resource)) return true;
  if (!HELPER.test(resource)) return false;
  const importers = importersOf(module, moduleGraph);
  return importers.length > 0 && importers.every((r) => DASHBOARD_LIBS.test(r));
}

/**
 * section-widgets: what only the forms and files modules need, in one file (a record's page takes
 * both); the inputs module's own code stays apart.
 */
function inSectionWidgets(module, { chunkGraph }) {
  return onlyFor(RECORD_WIDGET_FILES, module, chunkGraph);
}

/** The files these make (webpack.config.cjs's cacheGroups), by name: boot-hints.cjs finds them so. */
const LIB_FILES = { framework: 'framework', dashboard: 'dashboard-libs', sectionWidgets: 'section-widgets' };

module.exports = { inFramework, inDashboardLibs, inSectionWidgets, LIB_FILES };
