// The baseline: Fastify 5, one route answering {status:'ok'}, no logging. Run as its own process.
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('bare-server: PORT must be set');
  process.exit(2);
}
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
const close = () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', close);
process.on('SIGINT', close);
// the bench that started us is gone (killed outright): do not outlive it
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) close();
}, 1000).unref();
await app.listen({ port, host: '127.0.0.1' });
