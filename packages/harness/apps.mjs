// The list of apps (the repository's apps.json) for the browser tests and the bench: the folders
// whose production builds they serve.
import { readFileSync } from 'node:fs';

const list = JSON.parse(readFileSync(new URL('../../apps.json', import.meta.url), 'utf8'));

/** Every app's folder: the shell first, then the remotes. */
export const APPS = [list.shell, ...list.remotes].map((app) => app.dir);
