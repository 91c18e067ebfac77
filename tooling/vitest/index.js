// @ts-check
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** The export condition under which workspace packages point at their TypeScript source. */
export const sourceCondition = '@city/source';

/**
 * Shared test settings: workspace packages resolve to their source (no prebuild needed), and a
 * focused test (`.only`) fails the run in CI instead of silently hiding the others.
 */
export const baseTestConfig = defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    allowOnly: !process.env.CI,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'test/**/*.test-d.ts'] },
  },
});
