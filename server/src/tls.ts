import crypto from 'node:crypto';
import fs from 'node:fs';
import { ConfigError } from './config';

/** TLS_CERT_FILE and TLS_KEY_FILE, as config.ts resolved them. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** The certificate's last valid day (buildApp warns when it has passed). */
  validTo: Date;
}

function readFile(file: string, variable: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new ConfigError(`${variable} ${file} cannot be read: ${(error as Error).message}`);
  }
}

/**
 * The certificate (its chain may follow it in the same file) and its private key, checked at start:
 * both parse, and the key is the certificate's. A wrong pair would otherwise fail only at each
 * browser's handshake, with nothing in the log.
 */
export function readTls(files: TlsFiles): TlsMaterial {
  const cert = readFile(files.certFile, 'TLS_CERT_FILE');
  const key = readFile(files.keyFile, 'TLS_KEY_FILE');
  let certificate: crypto.X509Certificate;
  try {
    certificate = new crypto.X509Certificate(cert);
  } catch {
    throw new ConfigError(`TLS_CERT_FILE ${files.certFile} is not a PEM certificate`);
  }
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey(key);
  } catch {
    throw new ConfigError(`TLS_KEY_FILE ${files.keyFile} is not a PEM private key without a passphrase`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new ConfigError(`TLS_KEY_FILE ${files.keyFile} is not the private key of TLS_CERT_FILE ${files.certFile}`);
  }
  return { cert, key, validTo: new Date(certificate.validTo) };
}

/** Streams one HTTP/2 connection may have open at once (nginx's default is 128; Node's own is unbounded). */
export const MAX_CONCURRENT_STREAMS = 128;

/**
 * Fastify's options for HTTPS over HTTP/2, which carries a page's many small files on one
 * connection; HTTP/1.1 stays for the clients that ask for it, socket.io's WebSocket among them.
 * One connection may not open more than MAX_CONCURRENT_STREAMS requests at a time.
 * Typed `object`: the app keeps Fastify's HTTP/1 types, as it reaches the raw request and reply
 * (node:http2's compatibility objects here) only through Fastify and socket.io, which take both.
 */
export function httpsServerOptions(tls: TlsMaterial): object {
  return {
    http2: true as const,
    https: { allowHTTP1: true, cert: tls.cert, key: tls.key, settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS } },
  };
}
