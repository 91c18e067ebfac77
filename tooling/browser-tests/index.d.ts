import type { Browser, BrowserContext, Download, Page } from 'playwright-core';

/** Where Debian's full Chromium is (Lighthouse's); `CHROMIUM_PATH` overrides it. */
export declare const chromiumPath: string;
/** The browser tests' Chromium: Debian's headless shell, else the full browser; `CHROMIUM_PATH` overrides it. */
export declare const testChromiumPath: string;
/** The PATH handed to the server process the tests start. */
export declare const searchPath: string;
export declare const CHROMIUM_ARGS: string[];

export interface RunningServer {
  baseUrl: string;
  /** The server's SQLite file, for tests that set up what no screen or call can (a passed deadline). */
  databasePath: string;
  stop: () => Promise<void>;
}

export declare function startServer(options: {
  /** apps/server, run from its source. */
  serverDir: string;
  /** The app's production build the server serves; its absence stops the tests with `buildCommand`. */
  builtApp: string;
  buildCommand: string;
  /** The temporary folder's name prefix (`city-liff-e2e-`). */
  tempPrefix: string;
  /** More of the server's environment (CITIZEN_APP_DIR, CONSOLE_APP_DIR, settings under test). */
  env?: Record<string, string>;
}): Promise<RunningServer>;

export declare function launchBrowser(): Promise<Browser>;

/** What went wrong on a page: policy violations and uncaught errors, none of which anyone should meet. */
export interface PageTrouble {
  /** `directive blocked-uri` of each Content-Security-Policy violation. */
  cspViolations: string[];
  pageErrors: string[];
  /** Console errors, with the URL of the resource a failed-load line is about. */
  consoleErrors: { text: string; url: string }[];
}

export declare function watchPage(page: Page): Promise<PageTrouble>;

/** The test runner's hooks (vitest's beforeAll, beforeEach, afterEach, afterAll). */
export interface TestHooks {
  beforeAll: (run: () => Promise<void>) => void;
  beforeEach: (run: () => void) => void;
  afterEach: (run: () => Promise<void>) => void;
  afterAll: (run: () => Promise<void>) => void;
}

export interface BrowserWorld {
  readonly server: RunningServer;
  /**
   * A page in a new context of the app's kind; its trouble fails the test it happened in. It is
   * closed after the test that opened it, unless `forTheFile` (a story told over several tests
   * on one page): then after the file's last test.
   */
  newPage(options?: { forTheFile?: boolean }): Promise<Page>;
  /** What went wrong on a page opened by newPage so far. */
  troubleOf(page: Page): PageTrouble;
}

export declare function useBrowserWorld(
  hooks: TestHooks,
  options: {
    startServer: () => Promise<RunningServer>;
    newContext: (browser: Browser, baseUrl: string) => Promise<BrowserContext>;
    /** The run's browser (global-setup.js's endpoint); none: one launched for the file. */
    browserEndpoint?: string | undefined;
  },
): BrowserWorld;

/** A download's bytes, read through the browser's connection (the run's browser is connected to, not launched here). */
export declare function downloadedBytes(download: Download): Promise<Buffer>;

export declare function textShows(page: Page, text: string | RegExp): Promise<void>;

export interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

export declare function axeViolations(page: Page): Promise<AxeViolation[]>;

/** The sandbox page's buttons, by what they say (apps/server's sandbox-page.ts). */
export type SandboxButton = '支払う' | 'キャンセルして戻る' | '支払いに失敗する' | '保留期限を過ぎたことにする' | '支払う（通知が届かなかったことにする）';

export declare function pressSandboxButton(paymentUrl: string, button: SandboxButton): Promise<string | null>;

/** Opens the citizen app inside LINE (the LIFF stand-in's webview) as a test user, at `path`. */
export declare function openInLine(page: Page, user: { userId: string }, path: string): Promise<void>;
/** A test user's messages on the LINE stand-in's inbox page, as LINE shows them. */
export declare function lineInboxOf(page: Page, user: { displayName: string }): Promise<string>;
