// @ts-check
const { createFrontendConfig } = require('../webpack.common');

// A text a deployment may set at build time (and the redeploy test changes).
const tagline =
  process.env.GROUPS_TAGLINE ??
  'Join communities of people who share your interests, and read the reviews they trust.';

module.exports = createFrontendConfig({
  name: 'groups',
  dir: __dirname,
  publicPath: '/mfe/groups/',
  exposes: { './routes': './src/routes.tsx' },
  define: { 'process.env.GROUPS_TAGLINE': JSON.stringify(tagline) },
  // Painted with the page's HTML by the gateway, as pages/GroupsList.tsx renders it.
  pageHeads: { '/groups': { title: 'Groups', lead: tagline } },
});
