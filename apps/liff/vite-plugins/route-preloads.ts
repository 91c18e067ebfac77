import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Where the build leaves the table of routes and their code, for the server (apps/server's
 * citizen-app.ts reads it by this name). Inside `.vite/`, beside Vite's manifest: the server never
 * serves dotfiles, so it is not a public file.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** One route of the router: the paths it answers, and the code its screen needs first. */
export interface RoutePreload {
  /** As written in the router (react-router syntax), for people reading the file. */
  pattern: string;
  /** The pathnames it answers: match case-insensitively, as react-router does. */
  regex: string;
  /** Files (relative to the build folder) to preload: the screen's chunk and what it imports, minus what the entry already loads. */
  files: string[];
}

interface AstNode {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every node below `node`, depth first. */
function* walk(node: unknown): Generator<AstNode> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') yield* walk(value);
}

const propertyName = (property: AstNode) => {
  const key = property.key as AstNode | undefined;
  return key?.type === 'Identifier' ? (key.name as string) : undefined;
};

/** `paths.survey.pattern` → `survey`. */
function pathsKeyOf(value: unknown): string | undefined {
  if (!isNode(value) || value.type !== 'MemberExpression') return undefined;
  const inner = value.object as AstNode;
  const property = value.property as AstNode;
  if (property.type !== 'Identifier' || property.name !== 'pattern' || inner.type !== 'MemberExpression') return undefined;
  const root = inner.object as AstNode;
  const key = inner.property as AstNode;
  return root.type === 'Identifier' && root.name === 'paths' && key.type === 'Identifier' ? (key.name as string) : undefined;
}

/** A react-router path pattern as a regular expression over the pathname. */
export function patternToRegex(pattern: string): string {
  if (pattern === '*') return '^/.*$';
  const segments = pattern.split('/').filter((segment) => segment !== '');
  const body = segments
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body}/?$`;
}

/**
 * Tells the server which code the first screen needs, so that it can list it in index.html
 * (`<link rel="modulepreload">`, or `data-preload` on a screen the server rendered, which the early
 * script preloads with the entry): the browser then fetches the screen's lazy chunks beside the
 * entry instead of after it has run. The routes are read from the router itself (each
 * `path: paths.<name>.pattern` with its `lazy: () => import(...)`), so there is no second list
 * to keep in step; the build fails if a screen the router imports lazily was not found that way.
 */
export function routePreloads(options: {
  router: string;
  paths: Record<string, { pattern: string }>;
  /**
   * Modules a screen's code loads lazily the moment it runs (module → what it imports then): a
   * screen whose code holds the module gets that code preloaded too, else it would be asked for
   * only once the entry has run (the data layer's API client, store/data-layer.ts).
   */
  alongside?: Record<string, string>;
}): Plugin {
  let routerId = '';
  let root = '';
  const routes: { pattern: string; moduleId: string | undefined }[] = [];
  return {
    name: 'city:route-preloads',
    apply: 'build',
    configResolved(config) {
      routerId = resolve(config.root, options.router);
      root = config.root;
    },
    buildStart() {
      routes.length = 0;
    },
    async moduleParsed(info) {
      if (info.id !== routerId) return;
      for (const node of walk(info.ast)) {
        if (node.type !== 'ObjectExpression') continue;
        const properties = (node.properties as AstNode[]).filter((property) => property.type === 'Property');
        const pathProperty = properties.find((property) => propertyName(property) === 'path');
        if (pathProperty === undefined) continue;
        const key = pathsKeyOf(pathProperty.value);
        const pattern = key === undefined ? undefined : options.paths[key]?.pattern;
        if (pattern === undefined) this.error(`route-preloads: a route's path in ${options.router} is not paths.<name>.pattern`);
        const lazy = properties.find((property) => propertyName(property) === 'lazy');
        let moduleId: string | undefined;
        if (lazy !== undefined) {
          const importNode = [...walk(lazy.value)].find((inner) => inner.type === 'ImportExpression');
          const source = (importNode?.source as AstNode | undefined)?.value;
          if (typeof source !== 'string') this.error(`route-preloads: the lazy route ${pattern} does not import() a module by name`);
          moduleId = (await this.resolve(source, info.id))?.id;
          if (moduleId === undefined) this.error(`route-preloads: cannot resolve ${source}`);
        }
        routes.push({ pattern, moduleId });
      }
      const found = new Set(routes.map((route) => route.moduleId));
      const missed = info.dynamicallyImportedIds.filter((id) => !found.has(id));
      if (routes.length === 0 || missed.length > 0) {
        this.error(`route-preloads: no route (path: paths.<name>.pattern, lazy: () => import(…)) found in ${options.router} for ${missed.join(', ') || 'any screen'}`);
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withStaticImports = (chunk: Rollup.OutputChunk, into = new Set<string>()) => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const imported of chunk.imports) {
          const importedChunk = byFile.get(imported);
          if (importedChunk !== undefined) withStaticImports(importedChunk, into);
        }
        return into;
      };
      // The entry's script tag (and Vite's own preloads) already load these.
      const loadedByEntry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...withStaticImports(chunk)]));
      const table: RoutePreload[] = routes.map(({ pattern, moduleId }) => {
        // The chunk holding the screen's module (its own, or one Rollup merged it into).
        const chunk = moduleId === undefined ? undefined : chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
        if (moduleId !== undefined && chunk === undefined) this.error(`route-preloads: no chunk for ${moduleId}`);
        const needed = chunk === undefined ? new Set<string>() : withStaticImports(chunk);
        for (const [module, loadsAlongside] of Object.entries(options.alongside ?? {})) {
          const holder = chunks.find((candidate) => candidate.moduleIds.includes(resolve(root, module)));
          const alongside = chunks.find((candidate) => candidate.moduleIds.includes(resolve(root, loadsAlongside)));
          if (holder === undefined || alongside === undefined) this.error(`route-preloads: no chunk for ${holder === undefined ? module : loadsAlongside}`);
          if (needed.has(holder.fileName)) withStaticImports(alongside, needed);
        }
        const files = [...needed].filter((file) => !loadedByEntry.has(file));
        return { pattern, regex: patternToRegex(pattern), files };
      });
      // The server takes the first route that matches: the catch-all goes last.
      table.sort((a, b) => Number(a.pattern === '*') - Number(b.pattern === '*'));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify({ routes: table }, null, 2)}\n` });
    },
  };
}
