// The settings the benchmarked server starts with: production's, whatever production requires. One
// place, read by `pnpm bench` and by the test that keeps it starting (test/bench-server.test.ts):
// a setting production comes to require must be added here, or that test fails.
import { readFileSync } from 'node:fs';

/**
 * Node's flags in the server's `start` script (package.json), which production runs: the bench
 * starts the server with exactly these, and the anchors too (same runtime, same young generation).
 */
export function productionNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** The environment of the server `pnpm bench` measures (NODE_ENV=production, a real-looking channel). */
export function benchServerSettings(input: { databasePath: string; channel: { channelId: string; channelSecret: string }; noAppDir: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_PATH: input.databasePath,
    LINE_CHANNEL_ID: input.channel.channelId,
    LINE_CHANNEL_SECRET: input.channel.channelSecret,
    CITIZEN_APP_DIR: input.noAppDir,
    // What production requires since payments (issue 13); nothing in the bench pays, so Stripe is
    // never called.
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    PUBLIC_BASE_URL: 'https://city.example.jp',
    RECEIPT_ISSUER_NAME: 'ベンチ市',
  };
}
