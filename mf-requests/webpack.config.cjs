const { createConfig, REMOTES } = require('@imprest/mf-config');

module.exports = createConfig({
  name: 'mf_requests',
  dir: __dirname,
  port: REMOTES.mf_requests.port,
  exposes: { './App': './src/app/App.tsx' },
});
