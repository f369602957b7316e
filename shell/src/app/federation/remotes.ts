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

const preloaded = new Set<string>();

/**
 * A remote's entry and the chunks its App renders with (its start-files.json) asked for side by
 * side, as boot.js does for the home's: on a slow link the App's chunks no longer wait a round trip
 * for the entry to arrive and run. Preloaded once per entry; the entry's own requests take them up.
 */
function preloadStartFiles(entry: string): void {
  if (preloaded.has(entry)) return;
  preloaded.add(entry);
  const base = new URL(entry, window.location.href);
  fetch(new URL('start-files.json', base).href)
    .then((response) => (response.ok ? (response.json() as Promise<string[]>) : []))
    .then((files) => {
      for (const file of files) {
        const href = new URL(file, base).href;
        if (document.querySelector(`link[href="${href}"]`)) continue;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'script';
        link.href = href;
        document.head.appendChild(link);
      }
    })
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
      preloadStartFiles(entry);
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
