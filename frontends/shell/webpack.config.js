// @ts-check
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const deps = require('./package.json').dependencies;
const uiVersion = require('../../packages/ui/package.json').version;

const root = path.resolve(__dirname, '../..');

/** The singletons every TrustCircle micro-frontend shares (design §7). */
const shared = {
  react: { singleton: true, requiredVersion: deps.react },
  'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
  'react-router-dom': { singleton: true, requiredVersion: deps['react-router-dom'] },
  '@tanstack/react-query': { singleton: true, requiredVersion: deps['@tanstack/react-query'] },
  '@trustcircle/ui': { singleton: true, requiredVersion: uiVersion, version: uiVersion },
};

/** @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration} */
module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.ts' },
    devtool: false,
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      // The federation runtime module cannot resolve [contenthash] for the entry: [fullhash] it is.
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
        name: 'shell',
        remotes: {},
        shared,
        dts: false,
        manifest: false,
        runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
        chunkFilename: production ? 'static/css/[id].[contenthash:10].css' : 'static/css/[id].css',
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        scriptLoading: 'defer',
      }),
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic' },
    stats: 'errors-warnings',
  };
};
