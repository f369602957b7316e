import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/imprest');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('/srv/imprest/data'),
      databaseUrl: null,
      smtpUrl: null,
      appUrl: 'http://localhost:8080',
      mailFrom: 'Imprest <no-reply@localhost>',
      webRoot: null,
      remotesManifest: null,
      tokenTtlHours: 12,
      redisUrl: null,
      trustProxy: false,
    });
  });

  it('reads and normalises what is set', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@db:5432/imprest',
        SMTP_URL: 'smtps://u:p@mail.example.org:465',
        APP_URL: 'https://imprest.example.org/',
        WEB_ROOT: '.',
        TOKEN_TTL_HOURS: '24',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        UPLOAD_MAX_BYTES: '2048',
        REDIS_URL: 'redis://cache:6379',
        TRUST_PROXY: 'true',
      },
      '/srv/imprest',
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: path.resolve('/srv/imprest/var/data'),
      appUrl: 'https://imprest.example.org',
      mailFrom: 'Imprest <no-reply@imprest.example.org>',
      webRoot: path.resolve('/srv/imprest'),
      tokenTtlHours: 24,
      s3: expect.objectContaining({ bucket: 'files' }),
      uploadMaxBytes: 2048,
      trustProxy: true,
    });
  });

  it("sends mail from APP_URL's host unless MAIL_FROM names a sender", () => {
    expect(loadConfig({ APP_URL: 'http://192.168.1.10:8080' }).mailFrom).toBe('Imprest <no-reply@[192.168.1.10]>');
    expect(loadConfig({ APP_URL: 'https://imprest.example.org', MAIL_FROM: 'Finance <finance@example.com>' }).mailFrom).toBe(
      'Finance <finance@example.com>',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ TOKEN_TTL_HOURS: '0' }, /TOKEN_TTL_HOURS/],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/],
    [{ S3_BUCKET: 'files', S3_SESSION_TOKEN: 'token' }, /S3_SESSION_TOKEN needs/],
    [{ S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT/],
    [{ UPLOAD_MAX_BYTES: '0' }, /UPLOAD_MAX_BYTES/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ ADMIN_EMAIL: 'boss@example.org' }, /ADMIN_EMAIL and ADMIN_PASSWORD/],
  ])('refuses %p with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses several instances (REDIS_URL) keeping files on local disk, unless FILES_SHARED says DATA_DIR is shared', () => {
    const redis = { REDIS_URL: 'redis://cache:6379' };
    expect(() => loadConfig(redis)).toThrow(
      /^several instances need shared file storage: set S3_BUCKET .*, or FILES_SHARED=true when DATA_DIR is a shared filesystem/,
    );
    expect(() => loadConfig({ ...redis, FILES_SHARED: 'false' })).toThrow(ConfigError);
    expect(loadConfig({ ...redis, FILES_SHARED: 'true' }).redisUrl).toBe('redis://cache:6379');
    expect(loadConfig({ ...redis, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }).redisUrl).toBe(
      'redis://cache:6379',
    );
  });
});

describe('the README configuration table', () => {
  it('documents every variable loadConfig reads', () => {
    const source = readFileSync(path.join(__dirname, 'config.ts'), 'utf8');
    const read = [...new Set([...source.matchAll(/\(env, '([A-Z0-9_]+)'/g)].map((m) => m[1]))];
    const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const documented = new Set(
      [...table.matchAll(/^\|([^|]+)\|/gm)].flatMap((m) => [...m[1].matchAll(/`([A-Z0-9_]+)`/g)].map((n) => n[1])),
    );
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });
});
