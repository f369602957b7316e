const { createConfig, REMOTES } = require('@imprest/mf-config');

module.exports = createConfig({
  name: 'mf_budget',
  dir: __dirname,
  port: REMOTES.mf_budget.port,
  exposes: { './App': './src/app/App.tsx' },
});
