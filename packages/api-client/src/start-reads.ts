import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { onSessionEnd } from './session-events';

/**
 * Start reads: the API reads a page made as it opened, remembered per page on this
 * device, so that the next cold load of that page can ask for them in `boot.js` — beside the
 * app's code instead of after it has arrived and run (on a slow link, one round trip and more off
 * the first paint of the page's content). The shell's code then takes an answer from there instead
 * of asking again. Nothing here decides what a page reads: the pages read as always, and what they
 * read is what is remembered, so no section's calls are written into the shell.
 *
 * boot.js reads the same key (boot-hints.cjs fills it in) and keeps each answer under the URL
 * exactly as `http.getUri` writes it.
 */
export const START_READS_KEY = 'imprest.startReads';
/** Reads kept per page, and pages kept: enough for any screen of ours, never a flood on a slow link. */
export const MAX_READS_PER_PAGE = 8;
const MAX_PAGES = 12;
/** An answer boot.js fetched is used only this long after it was asked for: later, the page asks again. */
export const START_READ_TTL_MS = 30_000;

interface Saved {
  user: number;
  pages: Record<string, string[]>;
}

/** What boot.js leaves on `window.__imprestBoot.reads`, by URL. */
interface BootRead {
  token: string;
  at: number;
  answer: Promise<{ status: number; headers: Record<string, string>; body: string } | null>;
}

/** Outside a browser (the api-client's Node tests, tools) there is no page to remember reads for. */
const inBrowser = typeof window !== 'undefined';

/** boot.js's object on window (the shell's remotes.ts reads its manifest from the same one). */
const bootObject = () =>
  inBrowser ? (window as { __imprestBoot?: { reads?: Record<string, BootRead | undefined> } }).__imprestBoot : undefined;

/** Reads this page load has made so far, with the page they were made on. */
let recorded: Array<{ url: string; path: string }> = [];
let recording = true;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function load(): Saved | null {
  try {
    const saved = JSON.parse(storage()?.getItem(START_READS_KEY) ?? 'null') as Saved | null;
    return saved && typeof saved.user === 'number' && saved.pages && typeof saved.pages === 'object' ? saved : null;
  } catch {
    return null;
  }
}

const isStartRead = (config: InternalAxiosRequestConfig) =>
  (config.method ?? 'get').toLowerCase() === 'get' && (config.responseType === undefined || config.responseType === 'json');

/**
 * The page has opened (its first reads answered): remembers, for `userId` on the page now shown,
 * the reads made on it, and stops recording until the next load.
 */
export function saveStartReads(userId: number): void {
  if (!inBrowser || !recording) return;
  recording = false;
  // answers boot.js fetched that the opening page did not take are out of date for any later call
  const boot = bootObject();
  if (boot) boot.reads = {};
  const path = window.location.pathname;
  const urls = [...new Set(recorded.filter((r) => r.path === path).map((r) => r.url))].slice(0, MAX_READS_PER_PAGE);
  recorded = [];
  const saved = load();
  const pages = saved?.user === userId ? { ...saved.pages } : {};
  delete pages[path];
  if (urls.length) pages[path] = urls;
  // the pages most lately opened, the page of this load last
  const kept = Object.fromEntries(Object.entries(pages).slice(-MAX_PAGES));
  try {
    storage()?.setItem(START_READS_KEY, JSON.stringify({ user: userId, pages: kept } satisfies Saved));
  } catch {
    // storage full or refused: the next load just asks later, as before
  }
}

/**
 * The answer boot.js has fetched (or is fetching) for `url` with `token`, at most once; else
 * undefined, and the call goes to the network as usual.
 */
function takeBootRead(url: string, token: string | null): BootRead['answer'] | undefined {
  const reads = bootObject()?.reads;
  const read = reads?.[url];
  if (!reads || !read) return undefined;
  delete reads[url];
  if (!token || read.token !== token || Date.now() - read.at > START_READ_TTL_MS) return undefined;
  return read.answer;
}

/**
 * For a read boot.js has already asked for: an adapter that answers with that answer when it is a
 * 200, and otherwise (refused, failed, not JSON) makes the call itself, so every status and error
 * takes the usual way. axios parses and checks the answer after the adapter, as for any call.
 */
function bootReadAdapter(config: InternalAxiosRequestConfig, url: string, token: string | null): AxiosAdapter | undefined {
  const answer = takeBootRead(url, token);
  if (!answer) return undefined;
  const network = axios.getAdapter(config.adapter ?? axios.defaults.adapter);
  return async (cfg) => {
    const got = await answer;
    if (!got || got.status !== 200) return network(cfg);
    return { data: got.body, status: 200, statusText: 'OK', headers: AxiosHeaders.from(got.headers), config: cfg, request: {} };
  };
}

/**
 * For the request interceptor: while the page is opening, notes each JSON read it makes (until
 * saveStartReads), and answers a read from boot.js when boot has asked for it already. Once the
 * page has opened and boot's answers are taken, a call costs nothing here: the address is only
 * worked out (`uri`) while either can use it.
 */
export function applyStartReads(config: InternalAxiosRequestConfig, token: string | null, uri: () => string): void {
  if (!inBrowser || !isStartRead(config)) return;
  const reads = bootObject()?.reads;
  const bootHolds = !!reads && Object.keys(reads).length > 0;
  const noting = recording && recorded.length < MAX_READS_PER_PAGE * 2;
  if (!noting && !bootHolds) return;
  const url = uri();
  if (noting) recorded.push({ url, path: window.location.pathname });
  const early = bootHolds ? bootReadAdapter(config, url, token) : undefined;
  if (early) config.adapter = early;
}

// signing out forgets what the user's pages read, and any answer boot.js still holds; the next
// sign-in in this tab (a shared office computer) records what its first page reads afresh
onSessionEnd(() => {
  storage()?.removeItem(START_READS_KEY);
  const boot = bootObject();
  if (boot) boot.reads = {};
  recorded = [];
  recording = true;
});
