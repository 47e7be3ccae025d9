// The sign-in page's own style sheet (src/client/styles-sign-in.css, a Tailwind entry that scans only the
// sign-in screen's files) is a second input of the build. index.html's sign-in template names it by its
// source path (with vite-ignore, so that Vite leaves the link alone rather than merging the file into the
// app's style sheet); this plugin points that link at the built, hashed file. The server writes the file
// into /login in place of the app's style sheet (src/server/lib/sign-in-page.ts).
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const SIGN_IN_STYLES = 'src/client/styles-sign-in.css';

export function signInStyles(root = process.cwd()): Plugin {
  const source = path.resolve(root, SIGN_IN_STYLES);
  const href = `/${SIGN_IN_STYLES}`;
  return {
    name: 'sign-in-styles',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: path.resolve(root, 'index.html'), 'sign-in': source } } } }),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const assets = Object.values(bundle).filter((output): output is Rolldown.OutputAsset => output.type === 'asset');
        const styles = assets.find((asset) => asset.fileName.endsWith('.css') && asset.originalFileNames.some((name) => path.resolve(root, name) === source));
        const html = assets.find((asset) => asset.fileName === 'index.html');
        if (!styles || !html) return this.error(`sign-in-styles: the build has no ${styles ? 'index.html' : SIGN_IN_STYLES}`);
        const page = String(html.source);
        if (!page.includes(`href="${href}"`)) return this.error(`sign-in-styles: index.html does not link ${href}`);
        html.source = page.replaceAll(`href="${href}"`, `href="/${styles.fileName}"`);
        // The style sheet's entry leaves an empty script behind, which nothing loads.
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.isEntry && output.facadeModuleId === source) delete bundle[output.fileName];
        }
      },
    },
  };
}
