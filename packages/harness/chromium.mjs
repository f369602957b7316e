// The Chromium flags every bench browser and the browser tests (e2e/playwright.config.ts) start
// with, in one place; over HTTPS (bench/speed.mjs --tls), also the bench's own certificate, taken as
// valid by its key's hash: the page is then a secure context like a real deployment's, where the
// service worker runs.
import { readFileSync } from 'node:fs';

const BASE = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Chromium's own browser UI that a headless run still builds. From Chromium 156 (Debian's, on these
 * machines) the address bar's suggestion popup is a WebUI page (chrome://omnibox-popup.top-chrome),
 * loaded and compiled with every new tab: ~250 chrome:// requests a tab, on the same two cores as
 * the page under test. The bench's warm revisit of /dashboard took 1.26 s with it and 0.86 s without
 * (HTTP/1.1, medians of 3; docs/performance.md §"Chromium's own omnibox"). A phone's browser has none of it.
 */
const BROWSER_UI_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/**
 * The features Playwright turns off itself. Chromium takes only the last --disable-features it is
 * given, and Playwright passes its own list before ours, so ours must repeat it. Playwright keeps the
 * list in its bundled code, not in an API: read from there, and if it cannot be read (a new layout)
 * nothing is added, so Playwright's own list stands and only the browser UI stays on.
 */
function playwrightDisabledFeatures() {
  try {
    const bundle = readFileSync(new URL(import.meta.resolve('playwright-core/lib/coreBundle')), 'utf8');
    const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
    // a quoted name a line, between comments; any other line (a condition) and the list is not used
    const lines = (list ?? '').split('\n').filter((line) => line.trim() && !line.trim().startsWith('//'));
    const names = lines.map((line) => /^\s*"([A-Za-z0-9_]+)",?\s*$/.exec(line)?.[1]);
    if (names.some((name) => !name)) return null;
    return names.length ? names : null;
  } catch {
    return null;
  }
}

const playwrightOff = playwrightDisabledFeatures();
if (!playwrightOff)
  console.warn("harness/chromium.mjs: Playwright's list of disabled features was not found; Chromium's omnibox WebUI stays on");
const FEATURES = playwrightOff ? [`--disable-features=${[...playwrightOff, ...BROWSER_UI_OFF].join(',')}`] : [];

let trusted = [];

/** `spki`: the base64 SHA-256 of the certificate's public key (tls.mjs makeCertificate). */
export function trustCertificate(spki) {
  trusted = [`--ignore-certificate-errors-spki-list=${spki}`];
}

export function chromiumArgs(...extra) {
  return [...BASE, ...FEATURES, ...trusted, ...extra];
}
