// `npm start`: install, build when sources changed, then serve everything on PORT (default 8080).
import path from 'node:path';
import { ROOT, buildIfNeeded, checkNode, install, spawnChild } from './lib.mjs';

checkNode();
install();
buildIfNeeded({ force: process.argv.includes('--rebuild') });

const port = process.env.PORT ?? '8080';
console.log(`• Starting Imprest on http://localhost:${port} (data in ${process.env.DATA_DIR ?? './data'})`);
const server = spawnChild(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
  env: { WEB_ROOT: ROOT, ...process.env, PORT: port },
});
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
