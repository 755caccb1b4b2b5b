// @ts-check
const { createFrontendConfig } = require('../webpack.common.js');

module.exports = createFrontendConfig({
  name: 'business',
  dir: __dirname,
  publicPath: '/mfe/business/',
  exposes: {
    './BusinessRoutes': './src/BusinessRoutes.tsx',
    './ModerationRoutes': './src/ModerationRoutes.tsx',
  },
});
