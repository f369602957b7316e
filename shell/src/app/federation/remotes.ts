import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from './sections';

export interface RemoteAppProps {
  /** Where the remote's routes live; every remote's paths are relative to it. */
  basePath: string;
}

type Manifest = Record<string, string>;

let manifest: Promise<Manifest> | null = null;

/** Remote URLs come from the server at run time, so a remote ships without rebuilding the shell. */
function loadManifest(): Promise<Manifest> {
  manifest ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((r) => {
      if (!r.ok) throw new Error(`remotes.json answered ${r.status}`);
      return r.json() as Promise<Manifest>;
    })
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

/**
 * Loads a remote's exposed App, retrying a flaky network twice with back-off. A failed entry is
 * registered again with force, so a later Retry fetches it afresh instead of reusing the failure.
 */
export async function loadRemoteApp(name: RemoteName, attempts = 3): Promise<ComponentType<RemoteAppProps>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const entries = await loadManifest();
      const entry = entries[name];
      if (!entry) throw new Error(`${name} is not in the remotes manifest`);
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
