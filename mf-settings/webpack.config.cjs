const { createConfig, REMOTES } = require('@imprest/mf-config');

module.exports = createConfig({
  name: 'mf_settings',
  dir: __dirname,
  port: REMOTES.mf_settings.port,
  exposes: { './App': './src/app/App.tsx' },
});
