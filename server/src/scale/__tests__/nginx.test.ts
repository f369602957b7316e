import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DIST_MAIN, type Instance, PASSWORD, startInstance, stopInstance } from './instances';
import { freePort } from '../../test-support/smtp';

/**
 * deploy/nginx.conf itself, in front of two instances of the production build (one SQLite file
 * between them): what a rolling upgrade meets. Runs where nginx is installed; skipped elsewhere.
 */
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const CONF = path.resolve(__dirname, '../../../../deploy/nginx.conf');

/** The deployment's server block with local ports and no TLS, in an http block of its own. */
function writeNginxConfig(dir: string, upstreams: string[], port: number): string {
  let site = fs.readFileSync(CONF, 'utf8');
  site = site.replace(/10\.0\.0\.11:8080/g, upstreams[0]!).replace(/10\.0\.0\.12:8080/g, upstreams[1]!);
  site = site.replace('listen 443 ssl;', `listen 127.0.0.1:${port};`).replace(/\n\s*http2 on;/, '');
  site = site.replace(/\n\s*ssl_certificate\S* [^;]*;/g, '');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const main = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    main,
    `pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;\nevents {}\n` +
      `http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; include ${dir}/site.conf; }\n`,
  );
  return main;
}

function webRoot(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SIGN_IN = JSON.stringify({ email: 'staff@example.org', password: PASSWORD });

(NGINX && fs.existsSync(DIST_MAIN) ? describe : describe.skip)('deploy/nginx.conf before two instances', () => {
  jest.setTimeout(120_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprest-nginx-'));
  let oldBuild: Instance;
  let newBuild: Instance;
  let nginx: ChildProcess;
  let proxy: string;

  beforeAll(async () => {
    const shell = (v: string) => ({
      'shell/dist/index.html': `<html>${v}</html>`,
      'mf-requests/dist/remoteEntry.js': `var mf_requests; // ${v}`,
    });
    oldBuild = await startInstance('nginx-old', {
      WEB_ROOT: webRoot(path.join(work, 'old'), {
        ...shell('old'),
        'shell/dist/main.11111111.js': 'old',
        'mf-requests/dist/1.aaaaaaaa.js': 'old',
      }),
    });
    // the same database: one SQLite file, as two instances share PostgreSQL
    newBuild = await startInstance('nginx-new', {
      DATA_DIR: oldBuild.dataDir,
      WEB_ROOT: webRoot(path.join(work, 'new'), {
        ...shell('new'),
        'shell/dist/main.22222222.js': 'new',
        'mf-requests/dist/1.bbbbbbbb.js': 'new',
      }),
    });
    const port = await freePort();
    const config = writeNginxConfig(
      work,
      [oldBuild, newBuild].map((i) => new URL(i.baseUrl).host),
      port,
    );
    execFileSync(NGINX!, ['-t', '-q', '-c', config, '-p', work]);
    nginx = spawn(NGINX!, ['-c', config, '-p', work], { stdio: 'ignore' });
    proxy = `http://127.0.0.1:${port}`;
    while (
      !(await fetch(`${proxy}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(100);
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await stopInstance(newBuild);
    await stopInstance(oldBuild);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('serves the chunks of both builds during a rolling upgrade: a 404 is asked of the other instance', async () => {
    const answers: Record<string, string[]> = {};
    for (const file of ['main.11111111.js', 'main.22222222.js', 'remotes/mf-requests/1.aaaaaaaa.js', 'remotes/mf-requests/1.bbbbbbbb.js']) {
      answers[file] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await fetch(`${proxy}/${file}`);
        answers[file]!.push(`${response.status} ${await response.text()}`);
      }
    }
    // the file itself each time, never a 404 nor the shell's page in its place
    expect(answers).toEqual({
      'main.11111111.js': Array(6).fill('200 old'),
      'main.22222222.js': Array(6).fill('200 new'),
      'remotes/mf-requests/1.aaaaaaaa.js': Array(6).fill('200 old'),
      'remotes/mf-requests/1.bbbbbbbb.js': Array(6).fill('200 new'),
    });
    expect((await fetch(`${proxy}/remotes/mf-requests/2.cccccccc.js`)).status).toBe(404); // neither has it
    expect((await fetch(`${proxy}/dashboard/requests`)).status).toBe(200); // client routes: the shell
  });

  it('answers every read and write through nginx while one instance drains, which then exits 0', async () => {
    // a request the old instance is still reading keeps it draining
    const slow = net.connect(Number(new URL(oldBuild.baseUrl).port), '127.0.0.1');
    let slowAnswer = '';
    slow.on('data', (chunk) => (slowAnswer += chunk.toString()));
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(
      `POST /api/v1/users/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${SIGN_IN.length}\r\n\r\n${SIGN_IN.slice(0, 5)}`,
    );
    await sleep(300);
    oldBuild.child.kill('SIGTERM');
    await sleep(300);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await fetch(`${proxy}/api/v1/health`)).status);
      // not signed in: 401 from whichever instance served it, never the draining one's 503
      const write = (headers: Record<string, string>) =>
        fetch(`${proxy}/api/v1/requests`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      statuses.push((await write({ 'idempotency-key': `nginx-${i}` })).status);
      statuses.push((await write({})).status);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    slow.write(SIGN_IN.slice(5));
    const exit = await oldBuild.exited;
    expect(exit.code).toBe(0);
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
