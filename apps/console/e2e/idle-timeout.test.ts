// The idle timeout (here eight seconds, a limit only a test server takes; an operator's shortest is a
// minute): a console left alone goes to the sign-in screen by itself and says why, instead of
// looking signed in until an action fails.
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, signIn, useTestWorld } from './harness.js';

const world = useTestWorld({ STAFF_IDLE_TIMEOUT_SECONDS: '8' });

describe('the idle timeout', () => {
  it('shows the sign-in screen with the reason once the session has expired', { timeout: 60_000 }, async () => {
    const page = await world.newDesktopPage();
    await signIn(page, 'health-guest', 'demo-health-guest');
    const signedInAt = Date.now();
    const notice = page.getByText('一定時間操作がなかったため、ログアウトしました', { exact: true });
    await notice.waitFor({ timeout: 30_000 });
    // Not before the timeout, and within a few seconds after it.
    const after = Date.now() - signedInAt;
    expect(after).toBeGreaterThanOrEqual(8_000);
    expect(after).toBeLessThan(14_000);
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await expectNoA11yViolations(page, 'expired session');
  });
});
