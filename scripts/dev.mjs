// `npm run dev`: the API in watch mode plus every app rebuilt on change, all served on PORT.
import { APPS, ROOT, checkNode, forgetBuild, install, pnpmCommand, spawnChild } from './lib.mjs';

checkNode();
install();
// development builds replace the production ones in each dist: the next `npm start` rebuilds
forgetBuild();
const [cmd, ...pre] = pnpmCommand();
const children = [
  spawnChild(cmd, [...pre, '--filter', '@imprest/server', 'run', 'dev'], { env: { WEB_ROOT: ROOT } }),
  ...APPS.map((app) =>
    spawnChild(cmd, [
      ...pre,
      '--filter',
      `@imprest/${app}`,
      'exec',
      'webpack',
      '--config',
      'webpack.config.cjs',
      '--mode',
      'development',
      '--watch',
    ]),
  ),
];
console.log(`• Dev: http://localhost:${process.env.PORT ?? 8080} — the server restarts and the apps rebuild on change.`);
for (const child of children) child.on('exit', () => children.forEach((c) => c.kill()));
