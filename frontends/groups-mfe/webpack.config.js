// @ts-check
const { createFrontendConfig } = require('../webpack.common');

module.exports = createFrontendConfig({
  name: 'groups',
  dir: __dirname,
  publicPath: '/mfe/groups/',
  exposes: { './routes': './src/routes.tsx' },
  // Texts a deployment may set at build time (and the redeploy test changes).
  define: {
    'process.env.GROUPS_TAGLINE': JSON.stringify(
      process.env.GROUPS_TAGLINE ??
        'Join communities of people who share your interests, and read the reviews they trust.',
    ),
  },
});
