// Singletons shared by the shell and every remote, so there is one React, one router, one session
// store, one query cache and one theme at run time. Chakra UI is not shared on its own: it reaches
// the apps only through @imprest/ui, so the shared chunk holds only the Chakra parts we use.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const version = (pkg, from = 'shell') =>
  require(require.resolve(`${pkg}/package.json`, { paths: [path.join(root, from)] })).version;

const singleton = (pkg, from) => {
  const v = version(pkg, from);
  return { singleton: true, requiredVersion: `^${v}`, version: v };
};

const workspace = (pkg) => ({ singleton: true, requiredVersion: '^0.1.0', version: '0.1.0', import: pkg });

const shared = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  '@imprest/router': workspace('@imprest/router'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  zustand: singleton('zustand'),
  '@imprest/domain': workspace('@imprest/domain'),
  '@imprest/api-client': workspace('@imprest/api-client'),
  '@imprest/api-client/query': workspace('@imprest/api-client/query'),
  '@imprest/ui': workspace('@imprest/ui'),
};

module.exports = { shared };
