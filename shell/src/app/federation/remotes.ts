import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from './sections';

export interface RemoteAppProps {
  /** Where the remote's routes live; every remote's paths are relative to it. */
  basePath: string;
}

type Manifest = Record<string, string>;

let manifest: Promise<Manifest> | null = null;

declare global {
  interface Window {
    /** Started by boot.js (see boot-hints.cjs) before this code arrived. */
    __imprestBoot?: { manifest?: Promise<Manifest> };
  }
}

/** The manifest boot.js already asked for, once; a retry fetches afresh. */
function fetchManifest(): Promise<Manifest> {
  const early = window.__imprestBoot?.manifest;
  if (early) {
    delete window.__imprestBoot!.manifest;
    return early;
  }
  return fetch('/remotes.json', { cache: 'no-cache' }).then((r) => {
    if (!r.ok) throw new Error(`remotes.json answered ${r.status}`);
    return r.json() as Promise<Manifest>;
  });
}

/** Remote URLs come from the server at run time, so a remote ships without rebuilding the shell. */
function loadManifest(): Promise<Manifest> {
  manifest ??= fetchManifest()
    .then((entries) => {
      registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
      return entries;
    })
    .catch((error) => {
      manifest = null;
      throw error;
    });
  return manifest;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a remote's route-files.json lists (mf-config's offline-files-plugin). */
interface RouteFiles {
  /** The chunks its App renders with (start-files.json's list). */
  start: string[];
  /** Per route id, the chunks of the lazy page that route shows, beyond the App's. */
  pages: Record<string, string[]>;
}

const routeFiles = new Map<string, Promise<RouteFiles>>();

/** A remote's route-files.json, asked for once per page load. */
function routeFilesOf(entry: string): Promise<RouteFiles> {
  let files = routeFiles.get(entry);
  if (!files) {
    files = fetch(new URL('route-files.json', new URL(entry, window.location.href)).href)
      .then((response) => (response.ok ? (response.json() as Promise<RouteFiles>) : null))
      .then((listed) => ({ start: listed?.start ?? [], pages: listed?.pages ?? {} }))
      .catch(() => ({ start: [], pages: {} }));
    routeFiles.set(entry, files);
  }
  return files;
}

function preloadScript(href: string): void {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * A remote's entry, the chunks its App renders with and those of the page `route` shows, asked for
 * side by side, as boot.js does for the home's: on a slow link the App's and the page's chunks no
 * longer wait a round trip each for the entry, then the App, to arrive and run. The entry's own
 * requests take the preloaded copies up.
 */
function preloadRouteFiles(entry: string, route?: string): void {
  void routeFilesOf(entry).then(({ start, pages }) => {
    const base = new URL(entry, window.location.href);
    for (const file of [...start, ...((route && pages[route]) || [])]) preloadScript(new URL(file, base).href);
  });
}

/** Starts a route's code: the remote's entry and App (once) and, beside them, the route's page chunks. */
export function preloadRoute(name: RemoteName, route: string): void {
  loadRemoteApp(name).catch(() => undefined);
  loadManifest()
    .then((entries) => entries[name] && preloadRouteFiles(entries[name], route))
    .catch(() => undefined);
}

/**
 * Loads a remote's exposed App, retrying a flaky network twice with back-off. A failed entry is
 * registered again with force, so a later Retry fetches it afresh instead of reusing the failure.
 */
async function loadWithRetries(name: RemoteName, attempts: number): Promise<ComponentType<RemoteAppProps>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const entries = await loadManifest();
      const entry = entries[name];
      if (!entry) throw new Error(`${name} is not in the remotes manifest`);
      preloadRouteFiles(entry);
      const mod = await loadRemote<{ default: ComponentType<RemoteAppProps>; unavailable?: boolean }>(`${name}/App`);
      if (!mod?.default || mod.unavailable) throw new Error(`${name} did not load`);
      return mod.default;
    } catch (error) {
      lastError = error;
      const entries = await loadManifest().catch(() => null);
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
