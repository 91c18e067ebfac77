// Serves the built citizen app (apps/liff/dist) on the API's port: its files as they are, and its
// index.html, with the runtime configuration put in, for every page address the app routes itself.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@city/api-client/contract';
import { DEV_STAND_INS_PATH, RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PLACEHOLDER } from '@city/api-client/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './http/errors.js';
import { messages } from './messages.js';


/** Vite names these files by their content hash: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where every version of the API lives (API_PREFIX is below it). */
const API_ROOT = '/survey/api';
/** Paths the app never routes: the API and the development stand-ins answer JSON 404s there. */
const NOT_APP_PAGE = [API_ROOT, DEV_STAND_INS_PATH];
const isAppPage = (pathname: string) => !NOT_APP_PAGE.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Serves the app from `dir` when `dir/index.html` exists at start, and sets the one not-found
 * handler: index.html for an app page (a GET or HEAD that is not an API or stand-in path and not
 * a file name), the JSON 404 for anything else. Answers whether the app is served.
 */
export async function registerCitizenApp(
  app: FastifyInstance,
  options: { dir: string; runtimeConfig: (request: FastifyRequest) => RuntimeConfig },
): Promise<boolean> {
  const indexFile = path.join(options.dir, 'index.html');
  const served = existsSync(indexFile);

  if (served) {
    const assetsDir = path.join(options.dir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: options.dir,
      // index.html only ever goes out with its configuration put in (below).
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
    // The static route would answer the folder itself with 403.
    app.get('/', async (request, reply) => sendIndex(reply, indexFile, options.runtimeConfig(request)));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendNotFound(reply);
    if (!served) {
      return pathname === '/' ? sendNotFound(reply, messages.citizenAppNotBuilt, 'citizen_app_not_built') : sendNotFound(reply);
    }
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    const looksLikeFile = lastSegment.includes('.') && pathname !== '/index.html';
    if (!isAppPage(pathname) || looksLikeFile) return sendNotFound(reply);
    return sendIndex(reply, indexFile, options.runtimeConfig(request));
  });
  return served;
}

/**
 * index.html with the configuration in place of the placeholder. Read on every page request (a
 * small file), so that rebuilding the app while the server runs serves the new build.
 */
async function sendIndex(reply: FastifyReply, indexFile: string, config: RuntimeConfig): Promise<FastifyReply> {
  const template = await readFile(indexFile, 'utf8');
  // `<` escaped: no value can close the script element. A function, so `$` in a value is literal.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const html = template.replace(
    RUNTIME_CONFIG_PLACEHOLDER,
    () => `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
  );
  return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
