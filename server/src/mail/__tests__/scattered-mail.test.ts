import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { startTestS3 } from '../../test-support/s3';
import { scatteredMailWarning } from '../transport';

const SERVER = path.resolve(__dirname, '../../..');

describe('mail without SMTP on several instances', () => {
  const base = { DATA_DIR: '/srv/imprest', REDIS_URL: 'redis://127.0.0.1:6379', S3_BUCKET: 'files' };

  it('is said when each instance would keep its own .eml files; not with SMTP, one instance or a shared DATA_DIR', () => {
    expect(scatteredMailWarning(loadConfig(base))).toBe(
      'no SMTP_URL with several instances (REDIS_URL): mail is not delivered; this instance writes what it sends as .eml files ' +
        'into its own /srv/imprest/mail, the others into theirs. Set SMTP_URL to deliver mail (deploy/README.md "Mail")',
    );
    expect(scatteredMailWarning(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.org:587' }))).toBeNull();
    expect(scatteredMailWarning(loadConfig({ DATA_DIR: '/srv/imprest' }))).toBeNull();
    expect(scatteredMailWarning(loadConfig({ ...base, S3_BUCKET: '', FILES_SHARED: 'true' }))).toBeNull();
  });

  // the real start: Redis and a bucket that opens (radosgw in CI), no SMTP_URL
  const services = process.env.TEST_REDIS_URL && process.env.TEST_S3_ENDPOINT;
  (services ? it : it.skip)(
    'the server starts and its log says where the mail goes',
    async () => {
      const s3 = await startTestS3();
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'imprest-scattered-'));
      const child = spawn(path.join(SERVER, 'node_modules/.bin/tsx'), ['src/main.ts'], {
        cwd: SERVER,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          APP_URL: 'http://imprest.test',
          LOG_LEVEL: 'warn',
          REDIS_URL: process.env.TEST_REDIS_URL!,
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_CONFIGURE_CORS: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      try {
        const said = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no warning within 40 s:\n${output}`)), 40_000);
          const read = (chunk: Buffer) => {
            output += chunk.toString();
            const line = output.split('\n').find((l) => l.includes('no SMTP_URL with several instances'));
            if (line) {
              clearTimeout(timer);
              resolve(line);
            }
          };
          child.stdout!.on('data', read);
          child.stderr!.on('data', read);
          child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
        });
        expect(JSON.parse(said)).toMatchObject({ level: 40, msg: expect.stringContaining(`into its own ${path.join(dataDir, 'mail')}`) });
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
