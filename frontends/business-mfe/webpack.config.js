// @ts-check
const { createFrontendConfig } = require('../webpack.common.js');

module.exports = createFrontendConfig({
  name: 'business',
  dir: __dirname,
  publicPath: '/mfe/business/',
  exposes: { './routes': './src/routes.tsx' },
});
