// @ts-check
const { createFrontendConfig } = require('../webpack.common.js');

module.exports = createFrontendConfig({
  name: 'business',
  dir: __dirname,
  publicPath: '/mfe/business/',
  exposes: { './routes': './src/routes.tsx' },
  // Painted with the page's HTML by the gateway; the pages render the same texts.
  pageHeads: require('./src/page-heads.json'),
});
