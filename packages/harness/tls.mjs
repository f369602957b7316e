// A throwaway certificate for 127.0.0.1, so the bench (bench/speed.mjs --tls) and the browser tests
// (e2e/tests/https.spec.ts) can serve the app as a deployment with TLS_CERT_FILE / TLS_KEY_FILE
// does: HTTPS over HTTP/2. `spki` is what Chromium's --ignore-certificate-errors-spki-list takes.
import crypto from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/** Writes `dir`/local.crt and `dir`/local.key. */
export async function makeCertificate(dir) {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = path.join(dir, 'local.crt');
  const keyFile = path.join(dir, 'local.key');
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private);
  const spkiDer = crypto.createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return { certFile, keyFile, ca: Buffer.from(pems.cert), spki: crypto.createHash('sha256').update(spkiDer).digest('base64') };
}
