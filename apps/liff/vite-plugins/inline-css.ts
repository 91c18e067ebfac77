import type { Plugin, Rollup } from 'vite';

/**
 * Puts the app's stylesheet into index.html (a `<style>` in place of its `<link>`): it is small
 * (under 2 KiB compressed), and a separate file would be one more request before the first paint,
 * on a connection of its own that shares the phone's bandwidth with the app's script. The shell
 * in #root then paints as soon as the HTML has arrived, styled exactly as the app. (The file stays
 * in the build, unused.)
 */
export function inlineCss(): Plugin {
  return {
    name: 'city:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle?.[fileName] as Rollup.OutputAsset | undefined;
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // Nothing in the stylesheet may end the element early.
          if (/<\/style/i.test(css)) throw new Error(`inline-css: ${fileName} contains "</style"`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
