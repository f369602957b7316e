import fs from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { ConfigError, loadConfig } from './config';
import { MAX_CONCURRENT_STREAMS, readTls } from './tls';
import { createTestApp, type TestApp } from './test-support/app';
import { authHeaders, signIn } from './test-support/http';
import { nextEvent, socketClients, type SocketClients } from './test-support/sockets';

/** A self-signed certificate for 127.0.0.1 and its key, written as PEM files in `dir`. */
async function writeCertificate(dir: string, name: string) {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = path.join(dir, `${name}.crt`);
  const keyFile = path.join(dir, `${name}.key`);
  await fs.writeFile(certFile, pems.cert);
  await fs.writeFile(keyFile, pems.private);
  return { certFile, keyFile, cert: Buffer.from(pems.cert) };
}

let dir: string;
let pair: Awaited<ReturnType<typeof writeCertificate>>;
let other: Awaited<ReturnType<typeof writeCertificate>>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-tls-'));
  [pair, other] = await Promise.all([writeCertificate(dir, 'server'), writeCertificate(dir, 'other')]);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('TLS settings', () => {
  it('are read as a pair, relative to the folder the server starts in, and make the default APP_URL https', () => {
    const config = loadConfig({ TLS_CERT_FILE: 'tls/site.crt', TLS_KEY_FILE: 'tls/site.key', PORT: '8443' }, '/srv/imprest');
    expect(config.tls).toEqual({ certFile: path.resolve('/srv/imprest/tls/site.crt'), keyFile: path.resolve('/srv/imprest/tls/site.key') });
    expect(config.appUrl).toBe('https://localhost:8443');
    expect(loadConfig({}, '/srv/imprest').tls).toBeNull();
  });

  it.each([[{ TLS_CERT_FILE: 'site.crt' }], [{ TLS_KEY_FILE: 'site.key' }]])('refuse one without the other: %j', (env) => {
    expect(() => loadConfig(env, '/srv/imprest')).toThrow(new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together'));
  });

  it('accept a certificate with its own key', () => {
    const tls = readTls(pair);
    expect(tls.cert.toString()).toContain('BEGIN CERTIFICATE');
    expect(tls.validTo.getTime()).toBeGreaterThan(Date.now());
  });

  it('say which file is wrong, and how, before the server starts', async () => {
    const garbage = path.join(dir, 'garbage.pem');
    await fs.writeFile(garbage, 'not a pem file');
    expect(() => readTls({ certFile: path.join(dir, 'missing.crt'), keyFile: pair.keyFile })).toThrow(
      /^TLS_CERT_FILE .*missing\.crt cannot be read/,
    );
    expect(() => readTls({ certFile: pair.certFile, keyFile: path.join(dir, 'missing.key') })).toThrow(
      /^TLS_KEY_FILE .*missing\.key cannot be read/,
    );
    expect(() => readTls({ certFile: garbage, keyFile: pair.keyFile })).toThrow(/^TLS_CERT_FILE .* is not a PEM certificate$/);
    expect(() => readTls({ certFile: pair.certFile, keyFile: garbage })).toThrow(/^TLS_KEY_FILE .* is not a PEM private key/);
    expect(() => readTls({ certFile: pair.certFile, keyFile: other.keyFile })).toThrow(
      /^TLS_KEY_FILE .*other\.key is not the private key of TLS_CERT_FILE/,
    );
    await expect(createTestApp('sqlite', { env: { TLS_CERT_FILE: pair.certFile, TLS_KEY_FILE: other.keyFile } })).rejects.toThrow(
      ConfigError,
    );
  });
});

/** One HTTP/2 request on its own session: status, headers, body, the protocol ALPN agreed and the server's settings. */
function h2Get(origin: string, ca: Buffer, url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: http2.IncomingHttpHeaders;
    body: Buffer;
    alpn: string | false | undefined;
    settings: http2.Settings;
  }>((resolve, reject) => {
    const session = http2.connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request({ ':path': url, ...headers });
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const { alpnProtocol: alpn, remoteSettings: settings } = session;
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks), alpn, settings });
    });
    stream.on('error', reject);
  });
}

function h1Get(origin: string, ca: Buffer, url: string) {
  return new Promise<{ status: number; httpVersion: string; body: string }>((resolve, reject) => {
    https
      .get(`${origin}${url}`, { ca, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, httpVersion: response.httpVersion, body }));
      })
      .on('error', reject);
  });
}

describe('the server over HTTPS', () => {
  let t: TestApp;
  let clients: SocketClients;
  let origin: string;
  let webRoot: string;
  const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
  const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-tls-web-'));
    await fs.mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    await fs.writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), INDEX);
    await fs.writeFile(path.join(webRoot, 'shell', 'dist', 'main.3f9a1c2b4d.js'), SCRIPT);
    t = await createTestApp('sqlite', { env: { TLS_CERT_FILE: pair.certFile, TLS_KEY_FILE: pair.keyFile, WEB_ROOT: webRoot } });
    clients = await socketClients(t, { ca: pair.cert });
    origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    await t.close();
    await fs.rm(webRoot, { recursive: true, force: true });
  });

  it('answers HTTP/2, signed-in calls included', async () => {
    const health = await h2Get(origin, pair.cert, '/api/v1/health');
    expect(health.alpn).toBe('h2');
    expect(health.status).toBe(200);
    expect(health.settings.maxConcurrentStreams).toBe(MAX_CONCURRENT_STREAMS);
    const { token } = await signIn(t.app, 'staff@example.org');
    const me = await h2Get(origin, pair.cert, '/api/v1/users/validate-token', authHeaders(token));
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body.toString()).user.email).toBe('staff@example.org');
    const refused = await h2Get(origin, pair.cert, '/api/v1/users/validate-token');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString())).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  it('serves the app over HTTP/2: a client route gets the shell, a script comes compressed', async () => {
    const page = await h2Get(origin, pair.cert, '/dashboard');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe(INDEX);
    const script = await h2Get(origin, pair.cert, '/main.3f9a1c2b4d.js', { 'accept-encoding': 'br' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers HTTP/1.1 to a client that asks for it', async () => {
    const health = await h1Get(origin, pair.cert, '/api/v1/health');
    expect(health).toMatchObject({ status: 200, httpVersion: '1.1' });
  });

  it('carries realtime over a WebSocket from the start, and still by polling', async () => {
    const { token } = await signIn(t.app, 'staff@example.org');
    const direct = clients.connect({ auth: { token }, transports: ['websocket'] });
    await nextEvent(direct, 'connect');
    expect(direct.io.engine.transport.name).toBe('websocket');
    const { socket } = await clients.joined('staff@example.org');
    expect(socket.connected).toBe(true);
  });
});
