// Reads the configuration, listens, and shuts down gracefully (closing the database).
import { buildApp } from './app.js';
import { ConfigError, readConfig } from './env.js';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, logger: config.nodeEnv !== 'test' });
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  if (app.lineStandIn !== undefined) {
    app.log.info(`LINE stand-in: http://${config.host}:${config.port}/__dev/line/oauth2/v2.1/authorize (development only)`);
  }
}

await main();
