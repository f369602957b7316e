const { createConfig, REMOTES } = require('@imprest/mf-config');

module.exports = createConfig({
  name: 'mf_retirements',
  dir: __dirname,
  port: REMOTES.mf_retirements.port,
  exposes: { './App': './src/app/App.tsx' },
});
