// Reads the configuration, listens, and shuts down gracefully (closing the database).
import { LINE_STAND_IN_PATH } from '@city/api-client/contract';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { ConfigError, readConfig } from './env.js';

/** Signals this close to the first are its echo (the terminal's and pnpm's), not a second request. */
const REPEATED_SIGNAL_MS = 2_000;
/** How long closing (requests in flight, the database) may take before the process stops anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config;
  let app;
  try {
    config = readConfig();
    // SQL_TRACE_FILE (pnpm bench): the database is opened here, traced; otherwise buildApp opens it.
    const db = config.sqlTraceFile === undefined ? undefined : openDatabase(config.databasePath, { sqlTraceFile: config.sqlTraceFile });
    // Building the app checks the rest (the payment provider's settings, the database).
    app = await buildApp({ config, logger: config.nodeEnv !== 'test', ...(db === undefined ? {} : { db }) });
    // A database passed in is the caller's to close.
    if (db !== undefined) {
      app.addHook('onClose', async () => {
        db.close();
      });
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Ctrl-C in a terminal signals every process of the command (pnpm, this one), and pnpm passes it
  // on once more: a repeat within moments must not cut the shutdown short, and a normal stop ends
  // with exit code 0. A signal sent again later, or a shutdown that hangs, stops at once.
  let stoppingSince: number | undefined;
  const shutdown = (signal: string) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < REPEATED_SIGNAL_MS) return;
      app.log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stoppingSince = Date.now();
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('the shutdown did not finish in time; stopping at once');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const origin = `http://${config.host}:${String((app.server.address() as AddressInfo).port)}`;
  if (app.citizenAppServed) {
    // The newcomer's entry point: the app signs in through the stand-in (or LINE) itself.
    app.log.info(`Citizen app: ${origin}/login`);
  } else if (app.lineStandIn !== undefined) {
    // A link that works as printed: LINE's authorize endpoint needs these parameters.
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: config.lineChannelId,
      redirect_uri: `${origin}/login`,
      state: '1',
      scope: 'profile openid',
    });
    app.log.info(`LINE stand-in (development only), sign in as a test user: ${origin}${LINE_STAND_IN_PATH}/oauth2/v2.1/authorize?${params.toString()}`);
  }
  if (app.consoleAppServed) app.log.info(`Staff console: ${origin}/console/`);
  if (app.demoStaff !== undefined) {
    // Development only: the demo's staff accounts, to try the console with every role.
    const lines = app.demoStaff.map(
      (account) =>
        `  ${account.loginId.padEnd(20)} ${account.password.padEnd(24)} ${account.role.padEnd(13)} ${account.displayName}` +
        (account.totpSecret === undefined ? '' : `\n  ${''.padEnd(20)} TOTP secret (add it to an authenticator app): ${account.totpSecret}`),
    );
    app.log.info(`Staff console demo accounts (development only; login id, password, role):\n${lines.join('\n')}`);
  }
}

await main();
