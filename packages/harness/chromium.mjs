// The Chromium flags every bench browser and the browser tests (e2e/playwright.config.ts) start
// with, in one place; over HTTPS (bench/speed.mjs --tls), also the bench's own certificate, taken as
// valid by its key's hash: the page is then a secure context like a real deployment's, where the
// service worker runs.
const BASE = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
let trusted = [];

/** `spki`: the base64 SHA-256 of the certificate's public key (tls.mjs makeCertificate). */
export function trustCertificate(spki) {
  trusted = [`--ignore-certificate-errors-spki-list=${spki}`];
}

export function chromiumArgs(...extra) {
  return [...BASE, ...trusted, ...extra];
}
