import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The flow tests wait for lazily loaded screens (findBy…, waitFor). A screen's first import is
// transformed on demand, and on a loaded two-core CI machine (turbo runs other packages' tests
// beside these) that took over the default 1 s once: wait up to 5 s for what a screen shows.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts from an empty page.
afterEach(() => {
  cleanup();
});
