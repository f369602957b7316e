const { createConfig, REMOTES } = require('@imprest/mf-config');

module.exports = createConfig({
  name: 'mf_users',
  dir: __dirname,
  port: REMOTES.mf_users.port,
  exposes: { './App': './src/app/App.tsx' },
});
