// Serves the built staff console (apps/console/dist) at /console/ on the API's port: its hashed
// files as they are (or their .br/.gz), and its index.html for every console page the app routes
// itself. /console/api is the staff API, never a page.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { STAFF_API_PREFIX } from '@city/api-client/staff-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendNotFound } from './http/errors.js';
import { messages } from './messages.js';

/** Where the console is served. */
export const CONSOLE_PATH = '/console';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the console from `dir` when `dir/index.html` exists at start; answers whether it is served. */
export async function registerConsoleApp(app: FastifyInstance, options: { dir: string }): Promise<boolean> {
  const served = existsSync(path.join(options.dir, 'index.html'));
  const sendIndex = async (reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(path.join(options.dir, 'index.html'), 'utf8'));

  if (served && existsSync(path.join(options.dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(options.dir, 'assets'),
      prefix: `${CONSOLE_PATH}/assets/`,
      // The citizen app's registration decorates the reply already.
      decorateReply: false,
      // One route per file found at start (the build's hashed names), not a catch-all.
      wildcard: false,
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => {
        void reply.header('cache-control', IMMUTABLE);
      },
    });
  }
  // The console's own pages: index.html, whatever the path (the app routes itself).
  const page = async (request: { url: string }, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === STAFF_API_PREFIX || pathname.startsWith(`${STAFF_API_PREFIX}/`)) return sendNotFound(reply);
    if (!served) return sendNotFound(reply, messages.consoleAppNotBuilt, 'console_app_not_built');
    const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) return sendNotFound(reply);
    return sendIndex(reply);
  };
  app.get(CONSOLE_PATH, async (_request, reply) => reply.redirect(`${CONSOLE_PATH}/`, 308));
  app.get(`${CONSOLE_PATH}/`, page);
  app.get(`${CONSOLE_PATH}/*`, page);
  return served;
}
