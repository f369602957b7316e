// The host's stand-in for @module-federation/runtime-core's utils/preload.js (federation-runtime.cjs
// puts it in the shell's build). Its functions serve preloadRemote and the snapshot plugin, neither
// of which the shell runs (it preloads a section's files itself, remotes.ts preloadRoute); the core
// still imports them, so they stay as names that say so if called.
const unavailable = () => {
  throw new Error("This shell is built without preloadRemote: it preloads a section's files itself.");
};

export const defaultPreloadArgs = unavailable;
export const formatPreloadArgs = unavailable;
export const normalizePreloadExposes = unavailable;
export const preloadAssets = unavailable;
