const { createConfig } = require('@imprest/mf-config');

// the federation name and dev port come from the app's entry in apps.json
module.exports = createConfig({
  dir: __dirname,
  exposes: { './App': './src/app/App.tsx' },
});
