// @ts-check
const path = require('node:path');
const { createFrontendConfig } = require('../webpack.common');

/** The host: owns the page (index.html), loads the remotes at run time from /mfe/config.json. */
module.exports = createFrontendConfig({
  name: 'shell',
  dir: __dirname,
  publicPath: '/',
  html: { template: './public/index.html', favicon: './public/favicon.svg' },
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
});
