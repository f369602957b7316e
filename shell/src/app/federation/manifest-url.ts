/**
 * Where the shell reads the remotes from: the manifest (each remote's entry) and, in the same
 * answer, each built remote's route files (the server's `?routes`), so a section's chunks are asked
 * for without first fetching that remote's route-files.json. boot.js is given it by the build
 * (boot-hints.cjs), and the offline caching keeps this address for the next start offline.
 */
export const MANIFEST_URL = '/remotes.json?routes=1';
