import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The flow tests wait for lazily loaded screens (findBy…, waitFor). A screen's first import is
// transformed on demand, and on a loaded two-core CI machine (every package's typecheck, lint and
// tests start at once beside these) that took over 5 s: wait up to 15 s for what a screen shows,
// as expect.poll does (tooling/vitest). It stops as soon as the screen shows.
configure({ asyncUtilTimeout: 15_000 });

// Each test starts from an empty page.
afterEach(() => {
  cleanup();
});
