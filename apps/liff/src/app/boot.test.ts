import { afterEach, describe, expect, it } from 'vitest';
import { honourLiffState } from './boot.js';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('honourLiffState', () => {
  it('lands on the payment result screen the provider returned to through the LIFF URL', () => {
    const orderId = '0123456789abcdef0123456789abcdef';
    window.history.replaceState(null, '', `/?liff.state=${encodeURIComponent(`/completedPayment/${orderId}`)}`);
    honourLiffState();
    expect(window.location.pathname).toBe(`/completedPayment/${orderId}`);
    expect(window.location.search).toBe('');
  });

  it('keeps the query of the cancel and error returns', () => {
    window.history.replaceState(null, '', `/?liff.state=${encodeURIComponent('/canceledPayment?order=abc')}`);
    honourLiffState();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/canceledPayment?order=abc');
  });

  it('never leaves this app for another site', () => {
    window.history.replaceState(null, '', `/login?liff.state=${encodeURIComponent('https://evil.example/completedPayment/x')}`);
    honourLiffState();
    expect(window.location.pathname).toBe('/login');
  });
});
