// The build's second entry, src/early.ts (the survey form's first requests, lib/early-requests.ts),
// as a script tag of its own in the head of index.html. Vite would fold every module script of
// index.html into the one entry, and the point is to run before that entry has downloaded: so the
// early script is a Rollup input of its own, and `async`, to run as soon as it arrives.
import type { Plugin } from 'vite';

export function earlyScript(options: { entry: string }): Plugin {
  const name = 'early';
  const earlyModules = new Set<string>();
  return {
    name: 'city:early-script',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', [name]: options.entry },
          // Everything the early script imports goes into its own file (the app imports it from
          // there): otherwise Rollup would put the modules both share in a third file, which the
          // early script would wait for before it could run.
          output: { manualChunks: (id: string) => (earlyModules.has(id) ? name : undefined) },
        },
      },
    }),
    async buildStart() {
      // The early script's own module graph, resolved as the build resolves it.
      const visit = async (id: string) => {
        if (earlyModules.has(id)) return;
        earlyModules.add(id);
        const info = await this.load({ id });
        for (const imported of info.importedIds) await visit(imported);
      };
      const entry = await this.resolve(options.entry);
      if (entry === null) this.error(`early-script: cannot resolve ${options.entry}`);
      await visit(entry.id);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk =
          context.bundle === undefined
            ? undefined
            : Object.values(context.bundle).find((output) => output.type === 'chunk' && output.isEntry && output.name === name);
        // Development: Vite serves the source itself.
        const src = chunk === undefined ? `/${options.entry}` : `/${chunk.fileName}`;
        return [{ tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}
