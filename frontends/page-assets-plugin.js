// @ts-check
const { Compilation, sources } = require('webpack');

/** What a remote's routes.tsx names a page's chunk: `page <pattern> [<pattern> …]`. */
const PAGE_CHUNK = /^page (\/\S*(?: \/\S*)*)$/;

/**
 * Writes `page-assets.json` beside a remote's manifest: for each route pattern, the files its
 * page's chunk group loads (the page and the split chunks it needs, scripts and styles). The
 * manifest only lists the route table's code; with this the gateway can hint a page's own code
 * with its HTML (gateway/src/remote-preloads.ts), so it loads beside the shell's scripts
 * instead of after them. The remote's routes.tsx names each page's chunk with the patterns of
 * the routes that show it: `import(/* webpackChunkName: "page /business/:id" *\/ './pages/…')`.
 */
class PageAssetsPlugin {
  /**
   * @param {Record<string, { title: string, lead: string, look?: string }>} [heads] The static head (title and
   *   lead line) of the pages that have one, by route pattern: written to `page-heads.json`, which
   *   the gateway paints into the page's HTML before any script has run (gateway/src/page-heads.ts).
   */
  constructor(heads = {}) {
    this.heads = heads;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // Before compression-webpack-plugin (stage OPTIMIZE_TRANSFER), so it is precompressed too.
        { name: 'PageAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        () => {
          /** @type {Record<string, string[]>} */
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            const patterns = PAGE_CHUNK.exec(name ?? '')?.[1]?.split(' ') ?? [];
            const files = group
              .getFiles()
              .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
              .sort();
            for (const pattern of patterns) pages[pattern] = files;
          }
          compilation.emitAsset(
            'page-assets.json',
            new sources.RawSource(`${JSON.stringify(pages, null, 2)}\n`),
          );
          compilation.emitAsset(
            'page-heads.json',
            new sources.RawSource(`${JSON.stringify(this.heads, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { PageAssetsPlugin };
