import { loadRemote, loadShare, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { MANIFEST_URL } from './manifest-url';
import { runChunk } from './run-chunk';
import type { RemoteName } from './sections';

export interface RemoteAppProps {
  /** Where the remote's routes live; every remote's paths are relative to it. */
  basePath: string;
}

type Manifest = Record<string, string>;

/** What a remote's route-files.json lists (mf-config's offline-files-plugin). */
interface RouteFiles {
  /** The chunks its App renders with (start-files.json's list). */
  start: string[];
  /** Per route id, the chunks of the lazy page that route shows, beyond the App's. */
  pages: Record<string, string[]>;
  /** Per route id, the chunks of each lazy part of its page (a form shown in one mode), beyond the page's. */
  parts?: Record<string, Record<string, string[]>>;
  /** Per route id (and `<route>/<part>`), the packages its code takes from the shell, by shared key. */
  shared?: Record<string, string[]>;
}

/** The server's answer to MANIFEST_URL; a server of the previous release answers the plain manifest. */
type ManifestAnswer = { remotes: Manifest; routes?: Record<string, RouteFiles> } | Manifest;

interface Remotes {
  entries: Manifest;
  /** Each built remote's route files, by federation name, as the manifest's answer listed them. */
  routes: Record<string, RouteFiles>;
}

let manifest: Promise<Remotes> | null = null;
/** The manifest once it has answered: a route's code is then asked for in the same task that learns the route. */
let known: Remotes | null = null;

declare global {
  interface Window {
    /** Started by boot.js (see boot-hints.cjs) before this code arrived. */
    __imprestBoot?: { manifest?: Promise<ManifestAnswer> };
  }
}

/** The manifest boot.js already asked for, once; a retry fetches afresh. */
function fetchManifest(): Promise<ManifestAnswer> {
  const early = window.__imprestBoot?.manifest;
  if (early) {
    delete window.__imprestBoot!.manifest;
    return early;
  }
  return fetch(MANIFEST_URL, { cache: 'no-cache' }).then((r) => {
    if (!r.ok) throw new Error(`remotes.json answered ${r.status}`);
    return r.json() as Promise<ManifestAnswer>;
  });
}

function remotesOf(answer: ManifestAnswer): Remotes {
  if (typeof answer.remotes === 'object' && answer.remotes !== null) {
    const listed = answer as { remotes: Manifest; routes?: Record<string, RouteFiles> };
    return { entries: listed.remotes, routes: listed.routes ?? {} };
  }
  return { entries: answer as Manifest, routes: {} };
}

/** Remote URLs come from the server at run time, so a remote ships without rebuilding the shell. */
function loadManifest(): Promise<Remotes> {
  manifest ??= fetchManifest()
    .then((answer) => {
      const remotes = remotesOf(answer);
      registerRemotes(Object.entries(remotes.entries).map(([name, entry]) => ({ name, entry })));
      known = remotes;
      return remotes;
    })
    .catch((error) => {
      manifest = null;
      throw error;
    });
  return manifest;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fetchedRouteFiles = new Map<string, Promise<RouteFiles>>();

/**
 * The route files of a remote the manifest's answer did not list them for (a remote served from
 * elsewhere, a server of the previous release): its route-files.json, asked for once per page load.
 */
function fetchRouteFiles(entry: string): Promise<RouteFiles> {
  let files = fetchedRouteFiles.get(entry);
  if (!files) {
    files = fetch(new URL('route-files.json', new URL(entry, window.location.href)).href)
      .then((response) => (response.ok ? (response.json() as Promise<RouteFiles>) : null))
      .then((read) => ({ start: read?.start ?? [], pages: read?.pages ?? {}, parts: read?.parts ?? {} }))
      .catch(() => ({ start: [], pages: {}, parts: {} }));
    fetchedRouteFiles.set(entry, files);
  }
  return files;
}

/**
 * Runs the files `pick` chooses from remote `name`'s route files, each once; settles when they have
 * run or failed. With the manifest known and listing them, they are asked for before this returns.
 */
function runFiles(name: RemoteName, pick: (files: RouteFiles) => readonly string[]): Promise<void> {
  const run = async (remotes: Remotes) => {
    const entry = remotes.entries[name];
    if (!entry) return;
    const base = new URL(entry, window.location.href);
    const files = remotes.routes[name] ?? (await fetchRouteFiles(entry));
    await Promise.all(pick(files).map((file) => runChunk(new URL(file, base).href)));
  };
  return (known ? run(known) : loadManifest().then(run)).catch(() => undefined);
}

/**
 * A remote's entry asked for now, when the manifest is known: the federation runtime's own request
 * for it comes a few steps later (after the router's render, on a navigation) and takes this one up.
 */
function preloadEntry(name: RemoteName): void {
  const entry = known?.entries[name];
  if (!entry || loading.has(name)) return;
  const href = new URL(entry, window.location.href).href;
  if (document.querySelector(`link[rel="preload"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/** Each package the shell lends that a route's code takes, loaded once: settles when it is there (or failed). */
const sharedLoads = new Map<string, Promise<unknown>>();

/**
 * Loads the packages the shell lends that `keys(files)` names for remote `name` (@imprest/ui/forms
 * for a record's page): the page's chunk would ask for them only once it has arrived and run, and
 * the shell's chunks would then arrive a round trip after the page's own.
 */
function loadSharedOf(name: RemoteName, keys: (files: RouteFiles) => readonly string[] | undefined): Promise<void> {
  const load = (remotes: Remotes) => {
    const files = remotes.routes[name];
    const loads = (files ? (keys(files) ?? []) : []).map((key) => {
      let loaded = sharedLoads.get(key);
      if (!loaded) {
        loaded = loadShare(key).catch(() => sharedLoads.delete(key));
        sharedLoads.set(key, loaded);
      }
      return loaded;
    });
    return Promise.all(loads).then(() => undefined);
  };
  return (known ? load(known) : loadManifest().then(load)).catch(() => undefined);
}

/** The chunks of remote `name`'s App and of the page `route` shows (none for a route of another remote). */
const routeChunks =
  (route: string) =>
  ({ start, pages }: RouteFiles) => [...start, ...(pages[route] ?? [])];

/**
 * A remote's entry, the chunks its App renders with and those of the page `route` shows, asked for
 * side by side, as boot.js does for the home's: on a slow link the App's and the page's chunks no
 * longer wait a round trip each for the entry, then the App, to arrive and run. The entry's own
 * requests take the chunks already run.
 */
export function preloadRoute(name: RemoteName, route: string): void {
  preloadEntry(name);
  loadRemoteApp(name).catch(() => undefined);
  void routeCodeRan(name, route);
}

/**
 * Settles when the chunks of the page `route` shows have run and the packages it takes from the
 * shell are loaded (or failed), starting them if need be: a section waits for them before its first
 * render, so its page shows in that render (runChunk).
 */
export function routeCodeRan(name: RemoteName, route: string): Promise<void> {
  const shared = loadSharedOf(name, (files) => files.shared?.[route]);
  return Promise.all([runFiles(name, routeChunks(route)), shared]).then(() => undefined);
}

/**
 * Starts the code of a lazy part of route `route`'s page (a form its first read says the page will
 * show) beside the page's own, instead of once the page has arrived, run and rendered that part.
 */
export function preloadRoutePart(name: RemoteName, route: string, part: string): void {
  void runFiles(name, ({ parts }) => parts?.[route]?.[part] ?? []);
  void loadSharedOf(name, (files) => files.shared?.[`${route}/${part}`]);
}

/**
 * Loads a remote's exposed App, retrying a flaky network twice with back-off. A failed entry is
 * registered again with force, so a later Retry fetches it afresh instead of reusing the failure.
 */
async function loadWithRetries(name: RemoteName, attempts: number): Promise<ComponentType<RemoteAppProps>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const { entries } = await loadManifest();
      if (!entries[name]) throw new Error(`${name} is not in the remotes manifest`);
      void runFiles(name, ({ start }) => start);
      const mod = await loadRemote<{ default: ComponentType<RemoteAppProps>; unavailable?: boolean }>(`${name}/App`);
      if (!mod?.default || mod.unavailable) throw new Error(`${name} did not load`);
      return mod.default;
    } catch (error) {
      lastError = error;
      const entries = (await loadManifest().catch(() => null))?.entries;
      if (entries?.[name]) registerRemotes([{ name, entry: entries[name] }], { force: true });
      if (attempt < attempts - 1) await wait(300 * 2 ** attempt);
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

const loading = new Map<RemoteName, Promise<ComponentType<RemoteAppProps>>>();

/**
 * One load per remote at a time: the boot's early start (startRemote) and the section mounting
 * later share it. A failure is forgotten, so Retry starts over.
 */
export function loadRemoteApp(name: RemoteName, attempts = 3): Promise<ComponentType<RemoteAppProps>> {
  let load = loading.get(name);
  if (!load) {
    load = loadWithRetries(name, attempts);
    loading.set(name, load);
    load.catch(() => loading.delete(name));
  }
  return load;
}

/** Starts loading a section's code now (at boot, with a stored session), before its frame mounts. */
export function startRemote(name: RemoteName | null): void {
  if (name) loadRemoteApp(name).catch(() => undefined);
}
