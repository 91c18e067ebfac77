import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a condition, never a set time: up to 15 s, as expect.poll does
// (tooling/vitest), so a busy machine slows them without failing them. They stop once it holds.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no CSS.escape; user-event needs it to find the radios of one group (React's ids
// contain characters that must be escaped in a selector). This is the CSSOM algorithm.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string): string => {
    let result = '';
    for (let index = 0; index < value.length; index += 1) {
      const code = value.charCodeAt(index);
      const char = value.charAt(index);
      if (code === 0) result += '\uFFFD';
      else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (index === 0 && code >= 0x30 && code <= 0x39) || (index === 1 && code >= 0x30 && code <= 0x39 && value.charCodeAt(0) === 0x2d)) {
        result += `\\${code.toString(16)} `;
      } else if (index === 0 && value.length === 1 && code === 0x2d) result += `\\${char}`;
      else if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) result += char;
      else result += `\\${char}`;
    }
    return result;
  };
  Object.defineProperty(globalThis, 'CSS', { value: { ...globalThis.CSS, escape }, configurable: true });
}

// Each test starts from an empty page.
afterEach(() => {
  cleanup();
});
