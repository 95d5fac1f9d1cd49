/**
 * Puts `<link rel="preload">` for the named chunks' scripts (`as="script"`) and stylesheets
 * (`as="style"`) into the page the host's HtmlRspackPlugin writes, so the browser fetches them with the
 * entry instead of after the entry has run and asked for them. Only chunks every route runs belong
 * here (React, the shell's boot): a preloaded file the page does not use within seconds makes the
 * browser warn on the console. The remote files of the login route cannot be named here: which hash
 * route shows is known in the browser only, so the portal server's page script adds them
 * (docs/decisions/0038-how-the-login-page-stays-small.md).
 */
export class BootPreloadPlugin {
  /** @param {string[]} chunkNames */
  constructor(chunkNames) {
    this.chunkNames = chunkNames;
  }
  apply(compiler) {
    const { HtmlRspackPlugin } = compiler.rspack;
    compiler.hooks.compilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('BootPreloadPlugin', async (data) => {
        const files = [];
        for (const name of this.chunkNames) {
          const chunk = [...compilation.chunks].find((c) => c.name === name);
          if (!chunk) throw new Error(`BootPreloadPlugin: no chunk named ${name}`);
          for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.push(file);
        }
        const links = files.map((file) => ({
          tagName: 'link',
          attributes: { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: `${data.publicPath}${file}` },
          voidTag: true,
        }));
        return { ...data, headTags: [...links, ...data.headTags] };
      });
    });
  }
}
