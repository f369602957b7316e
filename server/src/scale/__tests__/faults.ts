import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { api, type Instance } from './instances';

export { freePort } from '../../test-support/smtp';

/**
 * A throwaway redis-server on its own loopback port, never the shared one others use: `kill`
 * takes it down at once (SIGKILL, as a crash or a lost host; `kill('SIGTERM')` is an operator's
 * `redis-cli shutdown` or `systemctl stop`: clients are closed cleanly), `start` brings an empty one back on
 * the same port (persistence off, as deploy/README.md allows).
 */
export function throwawayRedis(port: number) {
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end('PING\r\n'));
      socket.once('data', (data) => resolve(data.toString().startsWith('+PONG')));
      socket.once('error', () => resolve(false));
    });
  return {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const deadline = Date.now() + 10_000;
      while (!(await answers())) {
        if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill(signal);
      await exited;
    },
  };
}

/**
 * A TCP relay in front of PostgreSQL, so a test can take "the database" away from one server and
 * give it back without touching the PostgreSQL others share: `cut` drops every open connection
 * and refuses new ones (a restart or a failover, as the server sees it), `restore` listens again.
 */
export async function tcpRelay(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        open.delete(socket);
        (socket === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of open) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Answer {
  status: number;
  code?: string;
}

/**
 * Submits small requests one after another on each given instance until `stop` is called,
 * recording every answer (a refused connection or a timeout counts as status 0).
 */
export function writeSteadily(instances: { instance: Instance; token: string }[], body: (n: number) => unknown) {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const loops = instances.map(async ({ instance, token }) => {
    while (running) {
      const answer = await api(instance, 'POST', 'requests', { token, body: body(n++) }).catch(() => ({ status: 0, body: null }));
      answers.push({ status: answer.status, code: answer.body?.code as string | undefined });
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** Whether the process is still running (not crashed). */
export const alive = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
