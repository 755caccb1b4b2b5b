// @ts-check
/**
 * The one webpack set-up of TrustCircle's micro-frontends (design §7): swc for TypeScript/TSX,
 * Sass with Bootstrap, the shared singletons, and Module Federation with the runtime plugin
 * that keeps a failing remote from taking the shell down. The host and each remote call
 * `createFrontendConfig` with what differs: their name, what they expose, their public path.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { DefinePlugin } = require('webpack');

const root = path.resolve(__dirname, '..');
const rootDeps = (/** @type {string} */ dir) =>
  require(path.join(dir, 'package.json')).dependencies;
const uiVersion = require('../packages/ui/package.json').version;

/** Singletons shared by the host and every remote, versions from the package's own manifest. */
function sharedSingletons(/** @type {Record<string, string>} */ deps) {
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
    '@tanstack/react-query': { singleton: true, requiredVersion: deps['@tanstack/react-query'] },
    '@trustcircle/ui': { singleton: true, requiredVersion: uiVersion, version: uiVersion },
  };
}

/**
 * @param {{
 *   name: string,
 *   dir: string,
 *   publicPath: string,
 *   exposes?: Record<string, string>,
 *   html?: { template: string, favicon?: string },
 *   runtimePlugins?: string[],
 *   manifest?: boolean,
 *   define?: Record<string, string>,
 * }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createFrontendConfig(options) {
  const deps = rootDeps(options.dir);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isRemote = Boolean(options.exposes);
    return {
      mode: production ? 'production' : 'development',
      context: options.dir,
      entry: { main: './src/index.ts' },
      devtool: false,
      output: {
        path: path.resolve(options.dir, 'dist'),
        // An explicit public path: with 'auto' some set-ups emit no usable manifest (pitfalls).
        publicPath: options.publicPath,
        uniqueName: options.name,
        // The federation runtime cannot resolve [contenthash] for the entry: [fullhash] it is.
        filename: production ? 'static/js/[name].[fullhash:10].js' : 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[id].[contenthash:10].js' : 'static/js/[id].js',
        assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          // Only the form schemas: the browser has no use for the rest of the contracts.
          '@trustcircle/contracts/users': path.join(root, 'packages/contracts/src/users.ts'),
          '@trustcircle/contracts/communities': path.join(
            root,
            'packages/contracts/src/communities.ts',
          ),
          '@trustcircle/contracts/reviews': path.join(root, 'packages/contracts/src/reviews.ts'),
          '@trustcircle/contracts/catalog': path.join(root, 'packages/contracts/src/catalog.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic' } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.s?css$/,
            use: [
              MiniCssExtractPlugin.loader,
              'css-loader',
              {
                loader: 'sass-loader',
                options: {
                  api: 'modern',
                  sassOptions: {
                    loadPaths: [path.join(root, 'node_modules')],
                    quietDeps: true,
                    silenceDeprecations: [
                      'import',
                      'global-builtin',
                      'color-functions',
                      'if-function',
                    ],
                  },
                },
              },
            ],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: options.name.replace(/-/g, '_'),
          ...(isRemote
            ? { exposes: options.exposes, filename: 'remoteEntry.js' }
            : { remotes: {} }),
          shared: sharedSingletons(deps),
          dts: false,
          manifest: options.manifest ?? isRemote,
          runtimePlugins: options.runtimePlugins,
        }),
        new MiniCssExtractPlugin({
          filename: production ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
          chunkFilename: production
            ? 'static/css/[id].[contenthash:10].css'
            : 'static/css/[id].css',
        }),
        // Build-time texts and settings (`process.env.X` in the source → the given JSON).
        ...(options.define ? [new DefinePlugin(options.define)] : []),
        ...(options.html
          ? [new HtmlWebpackPlugin({ ...options.html, scriptLoading: 'defer' })]
          : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic' },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFrontendConfig, sharedSingletons };
