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
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { DefinePlugin } = require('webpack');
const { PageAssetsPlugin } = require('./page-assets-plugin.js');

const root = path.resolve(__dirname, '..');
const rootDeps = (/** @type {string} */ dir) =>
  require(path.join(dir, 'package.json')).dependencies;
const uiVersion = require('../packages/ui/package.json').version;

/** Singletons shared by the host and every remote, versions from the package's own manifest. */
function sharedSingletons(/** @type {Record<string, string>} */ deps) {
  return {
    react: { singleton: true, requiredVersion: deps.react },
    'react-dom': { singleton: true, requiredVersion: deps['react-dom'] },
    '@tanstack/react-query': { singleton: true, requiredVersion: deps['@tanstack/react-query'] },
    '@trustcircle/ui': { singleton: true, requiredVersion: uiVersion, version: uiVersion },
    // Its own shared module: the pages that show no review start without it (src/reviews.ts).
    '@trustcircle/ui/reviews': { singleton: true, requiredVersion: uiVersion, version: uiVersion },
  };
}

/**
 * Precompresses the production build with compression-webpack-plugin: `x.js.gz` and `x.js.br`
 * beside every text asset the browser downloads, which the static server
 * (packages/http-server, express-static-gzip) sends as they are to clients that accept them —
 * the best compression levels, paid once at build time instead of on every request. Files under
 * 1 kB, or that do not shrink by a tenth, are left alone.
 */
function precompressPlugins() {
  const common = { test: /\.(js|mjs|css|html|json|svg|txt|map)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
    }),
  ];
}

/**
 * Kept by hand: @vue/preload-webpack-plugin picks chunks by name (these have none) or by entry (+ lazy pages).
 * `<link rel=preload as=script>` in index.html for the chunks the host loads at startup: the
 * async bootstrap (index.ts's `import('./bootstrap')`) and the host's own versions of the shared
 * singletons, which the federation runtime only requests once main.js has run. Preloaded, they
 * download beside main.js instead of after it. (The chunk groups the entry module itself starts,
 * and the provided shared modules those ask for, transitively; pages loaded with React.lazy are
 * children of the bootstrap, so they stay lazy, and so do the shared modules only they use.)
 */
class StartupPreloadPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'StartupPreloadPlugin',
        (data) => {
          const entry = compilation.entrypoints.get('main');
          if (!entry) return data;
          const publicPath = compilation.getPath(compilation.outputOptions.publicPath ?? '');
          const initial = new Set(entry.getFiles());
          const entryModules = new Set(
            compilation.chunkGraph.getChunkEntryModulesIterable(entry.getEntrypointChunk()),
          );
          const { chunkGraph } = compilation;
          /** The shared modules a chunk group's code asks for. @param {import('webpack').ChunkGroup} group */
          const consumedBy = (group) =>
            group.chunks.flatMap((chunk) =>
              [...chunkGraph.getChunkModulesIterable(chunk)]
                .filter((module) => module.type === 'consume-shared-module')
                .map((module) => /** @type {any} */ (module).options.shareKey),
            );
          const children = [...entry.getChildren()];
          // The entry module's own imports (the bootstrap), not those of the modules it imports
          // (early-session.ts's signed-in home: only for the signed in).
          const startup = children.filter((group) =>
            group.origins.every(({ module }) => module && entryModules.has(module)),
          );
          // The host's own copy of each shared module that the bootstrap, or a shared module it
          // needs, asks for; not those only later pages use (@trustcircle/ui/reviews).
          const provided = children.filter((group) =>
            group.origins.every(({ module }) => module && module.type === 'provide-module'),
          );
          const wanted = new Set(startup.flatMap(consumedBy));
          for (let grew = true; grew;) {
            grew = false;
            for (const group of provided) {
              if (startup.includes(group)) continue;
              const names = group.origins.map(({ module }) => /** @type {any} */ (module)._name);
              if (!names.some((name) => wanted.has(name))) continue;
              startup.push(group);
              for (const key of consumedBy(group)) wanted.add(key);
              grew = true;
            }
          }
          /** @type {Set<string>} */
          const files = new Set();
          for (const group of startup) {
            for (const file of group.getFiles()) {
              if (file.endsWith('.js') && !initial.has(file)) files.add(file);
            }
          }
          // The entry runs the federation runtime and starts everything else: a deferred
          // script is fetched at low priority, after the preloads below (seen 100 ms later).
          for (const tag of data.headTags) {
            if (tag.tagName === 'script') tag.attributes.fetchpriority = 'high';
          }
          for (const file of [...files].sort()) {
            data.headTags.push(
              HtmlWebpackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: 'script',
                href: `${publicPath}${file}`,
              }),
            );
          }
          return data;
        },
      );
    });
  }
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
 *   pageHeads?: Record<string, { title: string, lead: string, look?: string }>,
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
      // `npm test`, `npm run test:chaos` and `npm start` each build first: a warm cache makes the
      // second build of unchanged sources take seconds, not a minute (invalidated by file contents,
      // this config and the lockfile).
      cache: {
        type: 'filesystem',
        name: `${options.name}-${production ? 'production' : 'development'}`,
        buildDependencies: {
          config: [__filename, path.join(options.dir, 'webpack.config.js')],
        },
      },
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
          // react-router's exports name only its development build (warnings, checks): the
          // production one is what its own bundler plugins pick for a production build.
          ...(production
            ? {
                'react-router$': path.join(
                  root,
                  'node_modules/react-router/dist/production/index.mjs',
                ),
                'react-router/dom$': path.join(
                  root,
                  'node_modules/react-router/dist/production/dom-export.mjs',
                ),
              }
            : {}),
          // One build of the federation runtime: the injected shared runtime `require`s it and the
          // bundler runtime `import`s it, which without these would bundle both the CJS and ESM copy.
          ...Object.fromEntries(
            ['runtime-core', 'runtime', 'sdk'].map((name) => [
              `@module-federation/${name}$`,
              path.join(root, `node_modules/@module-federation/${name}/dist/index.js`),
            ]),
          ),
          // Only the form schemas: the browser has no use for the rest of the contracts.
          '@trustcircle/contracts/users': path.join(root, 'packages/contracts/src/users.ts'),
          '@trustcircle/contracts/communities': path.join(
            root,
            'packages/contracts/src/communities.ts',
          ),
          '@trustcircle/contracts/reviews': path.join(root, 'packages/contracts/src/reviews.ts'),
          '@trustcircle/contracts/catalog': path.join(root, 'packages/contracts/src/catalog.ts'),
          '@trustcircle/contracts/constants': path.join(
            root,
            'packages/contracts/src/constants.ts',
          ),
          // Which sections each remote answers (no zod: the shell's entry chunk reads it).
          '@trustcircle/contracts/frontends': path.join(
            root,
            'packages/contracts/src/frontends.ts',
          ),
          '@trustcircle/contracts/moderation': path.join(
            root,
            'packages/contracts/src/moderation.ts',
          ),
          // The account screens' messages (issue 19), shown as the server words them.
          '@trustcircle/contracts/account': path.join(root, 'packages/contracts/src/account.ts'),
          '@trustcircle/contracts/email-change': path.join(
            root,
            'packages/contracts/src/email-change.ts',
          ),
          '@trustcircle/contracts/account-leave': path.join(
            root,
            'packages/contracts/src/account-leave.ts',
          ),
          // Follows and notifications (issue 18): the kinds and the stream's event name.
          '@trustcircle/contracts/social': path.join(root, 'packages/contracts/src/social.ts'),
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
          // One federation runtime per page: the shell provides it, and the remotes' entries use
          // it instead of carrying their own copy (16 kB gzip each to download and evaluate).
          experiments: {
            ...(isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }),
            optimization: { target: 'web' },
          },
          // A shared module first asked for after startup (@trustcircle/ui/reviews) takes the
          // copy already registered, the host's: 'version-first' would fetch every registered
          // remote's entry to compare versions, and fail the page when a remote is down.
          shareStrategy: 'loaded-first',
        }),
        ...(isRemote ? [new PageAssetsPlugin(options.pageHeads)] : []),
        new MiniCssExtractPlugin({
          filename: production ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
          chunkFilename: production
            ? 'static/css/[id].[contenthash:10].css'
            : 'static/css/[id].css',
        }),
        // Build-time texts and settings (`process.env.X` in the source → the given JSON).
        ...(options.define ? [new DefinePlugin(options.define)] : []),
        ...(options.html
          ? [
              new HtmlWebpackPlugin({ ...options.html, scriptLoading: 'defer' }),
              ...(production ? [new StartupPreloadPlugin()] : []),
            ]
          : []),
        ...(production ? precompressPlugins() : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        // The host's startup: each shared library was its own chunk (React, its JSX runtime,
        // react-dom and its client, the router, react-query: seven), each a request and a round
        // trip before the first paint on an HTTP/1.1 connection. One chunk carries them all; the
        // federation runtime still provides each as its own shared module.
        ...(production && !isRemote
          ? {
              splitChunks: {
                cacheGroups: {
                  startupLibraries: {
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/,
                    name: 'startup-libraries',
                    chunks: 'async',
                    enforce: true,
                  },
                },
              },
            }
          : {}),
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFrontendConfig, sharedSingletons };
