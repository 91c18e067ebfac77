// Serves the built citizen app (apps/liff/dist) on the API's port: its files as they are (or their
// .br/.gz made by the build), and its index.html, with the runtime configuration and the first
// screen's preloads put in, for every page address the app routes itself; for a screen the app's
// server build renders (issue 31), with that screen's HTML inside #root, which the app hydrates.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@city/api-client/contract';
import { DEV_STAND_INS_PATH, RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PLACEHOLDER } from '@city/api-client/contract';
import type { CalendarCategory, CalendarSlots, SurveyConfig } from '@city/survey-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './http/errors.js';
import { messages } from './messages.js';


/** Vite names these files by their content hash: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where every version of the API lives (API_PREFIX is below it). */
const API_ROOT = '/survey/api';
/** Paths the app never routes: the API and the development stand-ins answer JSON 404s there. */
const NOT_APP_PAGE = [API_ROOT, DEV_STAND_INS_PATH, '/console'];
const isAppPage = (pathname: string) => !NOT_APP_PAGE.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
/**
 * Where the build lists, for each route, the code its screen needs first (apps/liff's
 * vite-plugins/route-preloads.ts writes it). Under `.vite/`, which is never served.
 */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
/** A file the build names: a hashed script under assets/, nothing that could break out of an attribute. */
const PRELOADABLE_FILE = /^assets\/[\w.-]+\.js$/;

/** The app's server build (apps/liff/src/entry-server.tsx), under `.vite/` too. */
const FIRST_SCREEN_RENDERER = path.join('.vite', 'ssr', 'entry-server.js');
/** The app's entry script in the built index.html's head (the early script is `async`, not this). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
/** index.html's #root, whose content (the loading frame) a rendered first screen replaces. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/** What the app's server build renders: the screen for #root, and the state element that follows it. */
interface FirstScreen {
  html: string;
  state: string;
}

/**
 * What a first screen shows of the server's data, read by the server itself, the same for everyone:
 * a survey's configuration as citizens see it, a calendar's week (its slots and the places);
 * undefined for no such survey or calendar.
 */
export interface FirstScreenData {
  surveyConfig(surveyId: string): Promise<SurveyConfig | undefined>;
  calendarWeek(query: { calendarId: string; from: string; to: string }): Promise<{ slots: CalendarSlots; categories: CalendarCategory[] } | undefined>;
}

interface FirstScreenRenderer {
  renderFirstScreen(input: { url: string; runtime: RuntimeConfig; data: FirstScreenData }): Promise<FirstScreen | undefined>;
}

interface RoutePreloads {
  routes: { regex: string; files: string[] }[];
}

/**
 * Serves the app from `dir` when `dir/index.html` exists at start, and sets the one not-found
 * handler: index.html for an app page (a GET or HEAD that is not an API or stand-in path and not
 * a file name), the JSON 404 for anything else. Answers whether the app is served.
 */
export async function registerCitizenApp(
  app: FastifyInstance,
  options: { dir: string; runtimeConfig: (request: FastifyRequest) => RuntimeConfig; firstScreenData: FirstScreenData },
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
      // The build leaves <file>.br and <file>.gz beside each file: sent as the client accepts,
      // with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
    // The static route would answer the folder itself with 403.
    app.get('/', async (request, reply) => sendIndex(request, reply, options, '/'));
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
    return sendIndex(request, reply, options, pathname);
  });
  return served;
}

/**
 * index.html with the configuration in place of the placeholder, and the files the screen at
 * `pathname` needs first, so the browser fetches that screen's lazy chunks beside the entry instead
 * of after the entry has run: a modulepreload for each, or, beside a screen the server rendered,
 * named on #root for the early script to preload with the entry. Read on every page request (small
 * files), so that rebuilding the app while the server runs serves the new build.
 */
async function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { dir: string; runtimeConfig: (request: FastifyRequest) => RuntimeConfig; firstScreenData: FirstScreenData },
  pathname: string,
): Promise<FastifyReply> {
  const { dir, firstScreenData } = options;
  const config = options.runtimeConfig(request);
  const [template, preloads, firstScreen] = await Promise.all([
    readFile(path.join(dir, 'index.html'), 'utf8'),
    preloadFiles(reply, dir, pathname),
    renderFirstScreen(request, reply, dir, config, firstScreenData),
  ]);
  // `<` escaped: no value can close the script element. A function, so `$` in a value is literal.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  let html = template.replace(RUNTIME_CONFIG_PLACEHOLDER, () => `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`);
  if (firstScreen === undefined) {
    const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    html = html.replace('</head>', () => `${links}</head>`);
  } else {
    // The screen rendered: in #root, marked so that the app hydrates it rather than rendering anew.
    // Its code is named there, not linked: the early script loads it once the screen has painted
    // (apps/liff's lib/first-paint.ts), so nothing stands between this HTML and its first paint;
    // the screen's own chunks with it (data-preload), not one after the other as the entry asks.
    // Only when #root is found: a page whose entry went but whose screen did not would never start.
    const entry = ENTRY_SCRIPT.exec(html)?.[1];
    const named = entry === undefined ? '' : ` data-entry="${entry}"${preloads.length === 0 ? '' : ` data-preload="${preloads.join(' ')}"`}`;
    if (ROOT_ELEMENT.test(html)) {
      html = html.replace(ROOT_ELEMENT, (_match, end: string) => `<div id="root" data-first-screen=""${named}>${firstScreen.html}</div>${firstScreen.state}${end}`);
      if (entry !== undefined) html = html.replace(ENTRY_SCRIPT, '');
      // Marked on <html> too, which the app's early script can read before #root is parsed: it
      // then leaves out what the page already holds (a survey's configuration).
      html = html.replace(/<html(?=[\s>])/, '<html data-first-screen=""');
    }
  }
  return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * The server build, loaded once per process: its chunks import the entry by its plain file URL, so
 * it cannot be loaded again under another (a query string would make a second copy of the app's
 * contexts). A rebuild while the server runs is rendered after a restart.
 */
const renderers = new Map<string, Promise<FirstScreenRenderer | undefined>>();

async function firstScreenRenderer(dir: string): Promise<FirstScreenRenderer | undefined> {
  const file = path.join(dir, FIRST_SCREEN_RENDERER);
  let renderer = renderers.get(file);
  if (renderer === undefined) {
    if (!existsSync(file)) return undefined;
    renderer = import(pathToFileURL(file).href).then((module: Partial<FirstScreenRenderer>) =>
      typeof module.renderFirstScreen === 'function' ? (module as FirstScreenRenderer) : undefined,
    );
    renderers.set(file, renderer);
  }
  return renderer;
}

/**
 * The first screen of the page asked for, rendered by the app's server build: undefined when the
 * build has none, the app renders that screen on the client, or rendering failed (logged: the page
 * then starts from index.html's frame, as without it).
 */
async function renderFirstScreen(request: FastifyRequest, reply: FastifyReply, dir: string, runtime: RuntimeConfig, data: FirstScreenData): Promise<FirstScreen | undefined> {
  try {
    const render = await firstScreenRenderer(dir);
    return await render?.renderFirstScreen({ url: `${request.protocol}://${request.host}${request.url}`, runtime, data });
  } catch (error) {
    reply.log.error({ err: error }, 'Rendering the first screen failed; index.html goes out without it');
    return undefined;
  }
}

/**
 * The files the screen at `pathname` needs first (`/assets/…`): none when the build has no table
 * (or an unreadable one).
 */
async function preloadFiles(reply: FastifyReply, dir: string, pathname: string): Promise<string[]> {
  let table: RoutePreloads;
  try {
    table = JSON.parse(await readFile(path.join(dir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') reply.log.warn({ err: error }, `Cannot read ${ROUTE_PRELOADS_FILE}: no preloads`);
    return [];
  }
  // The first route that matches, as the build ordered them; react-router matches case-insensitively.
  const route = table.routes.find((candidate) => new RegExp(candidate.regex, 'i').test(pathname));
  return (route?.files ?? []).filter((file) => PRELOADABLE_FILE.test(file)).map((file) => `/${file}`);
}
