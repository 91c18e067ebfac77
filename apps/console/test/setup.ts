import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a condition, never a set time: up to 15 s, as expect.poll does
// (tooling/vitest), so a busy machine slows them without failing them. They stop once it holds.
configure({ asyncUtilTimeout: 15_000 });

// Each test starts from an empty page and empty storage.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
