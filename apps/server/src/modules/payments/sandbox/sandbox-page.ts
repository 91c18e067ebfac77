// The sandbox's hosted page, `${SANDBOX_PAYMENT_PATH}/checkout/:sessionId`: plain server-rendered
// HTML (no scripts, no external assets: the server's CSP applies) that fits a 360 px phone. Each
// button posts the form back here; the server records the action, sends the signed notification
// to its own notification route over real HTTP, waits for it, and only then sends the citizen back
// (but for the tester's 通知が届かなかったことにする, which pays and tells the server nothing).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sandboxMessages as text } from '../../../messages.js';
import type { PaymentOutcome } from '../provider.js';
import type { SandboxProvider, SandboxSession } from './sandbox-provider.js';

export interface SandboxPageDeps {
  sandbox: SandboxProvider;
  now: () => number;
  /** The server's own notification route for the sandbox (http://127.0.0.1:<port>/...). */
  notificationUrl: () => string;
  /** The tester's 保留期限を過ぎたことにする: the order's holds lapse now. */
  lapseHolds: (orderId: string) => Promise<void>;
}

const ACTIONS = ['pay', 'cancel', 'fail', 'lapse', 'payLost'] as const;
type Action = (typeof ACTIONS)[number];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; }
  main { box-sizing: border-box; max-width: 480px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.2rem; margin: 0 0 8px; }
  .notice { background: #fff4ce; padding: 8px 12px; border-radius: 6px; font-size: .9rem; }
  .message { background: #e6f4ea; padding: 8px 12px; border-radius: 6px; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; background: #fff; }
  th, td { padding: 8px; border-bottom: 1px solid #ddd; text-align: left; font-size: .95rem; }
  td.n, th.n { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: bold; }
  button { display: block; width: 100%; min-height: 48px; margin: 8px 0; font-size: 1rem; border-radius: 8px; border: 1px solid #888; background: #fff; }
  button.primary { background: #06c755; border-color: #06c755; color: #fff; font-weight: bold; }
  fieldset { border: 1px dashed #999; border-radius: 8px; margin-top: 24px; }
  .hint { font-size: .85rem; color: #555; }
`;

function page(session: SandboxSession | undefined, outcome: PaymentOutcome | undefined, message?: string): string {
  const body =
    session === undefined || outcome === undefined
      ? `<p>${escapeHtml(text.sessionNotFound)}</p>`
      : `
    ${message === undefined ? '' : `<p class="message" role="status">${escapeHtml(message)}</p>`}
    <table>
      <thead><tr><th>${text.item}</th><th class="n">${text.quantity}</th><th class="n">${text.price}</th></tr></thead>
      <tbody>${session.lines
        .map((line) => `<tr><td>${escapeHtml(line.name)}</td><td class="n">${line.quantity}</td><td class="n">${escapeHtml(text.yen(line.subtotal))}</td></tr>`)
        .join('')}</tbody>
      <tfoot><tr><td colspan="2">${text.total}</td><td class="n">${escapeHtml(text.yen(session.totalYen))}</td></tr></tfoot>
    </table>
    ${session.refundedYen > 0 ? `<p class="message">${escapeHtml(text.refunded(session.refundedYen))}</p>` : ''}
    ${
      outcome.kind === 'open'
        ? `<form method="post">
      <button class="primary" name="action" value="pay">${text.pay}</button>
      <button name="action" value="cancel">${text.cancel}</button>
      <button name="action" value="fail">${text.fail}</button>
      <fieldset><legend>${text.testerTools}</legend>
        <p class="hint">${escapeHtml(text.lapseHint)}</p>
        <button name="action" value="lapse">${text.lapse}</button>
        <p class="hint">${escapeHtml(text.payLostHint)}</p>
        <button name="action" value="payLost">${text.payLost}</button>
      </fieldset>
    </form>`
        : `<p>${escapeHtml(text.sessionEnded[outcome.kind])}</p>`
    }`;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title}</title><style>${STYLE}</style></head>
<body><main><h1>${text.title}</h1><p class="notice">${text.notice}</p>${body}</main></body></html>`;
}

export function sandboxPage(deps: SandboxPageDeps): FastifyPluginAsync {
  const { sandbox } = deps;
  return async (app) => {
    // The page's buttons post an ordinary form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const render = async (reply: FastifyReply, sessionId: string, status: number, message?: string) => {
      const session = await sandbox.session(sessionId);
      const outcome = session === undefined ? undefined : await sandbox.fetchStatus(sessionId);
      // The buttons send the citizen back to the session's return URLs, which may be on LINE's LIFF
      // host: a form's redirect must be allowed by form-action too.
      const origins = session === undefined ? [] : [...new Set([session.successUrl, session.cancelUrl, session.errorUrl].map((url) => new URL(url).origin))];
      reply.header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`);
      return reply.status(session === undefined ? 404 : status).type('text/html; charset=utf-8').send(page(session, outcome, message));
    };

    app.get<{ Params: { sessionId: string } }>('/checkout/:sessionId', async (request, reply) => render(reply, request.params.sessionId, 200));

    app.post<{ Params: { sessionId: string }; Body: { action?: string } | undefined }>('/checkout/:sessionId', async (request, reply) => {
      const { sessionId } = request.params;
      const action = request.body?.action as Action | undefined;
      const session = await sandbox.session(sessionId);
      if (session === undefined) return render(reply, sessionId, 404);
      if (action === undefined || !ACTIONS.includes(action)) return render(reply, sessionId, 400);
      if (action === 'lapse') {
        await deps.lapseHolds(session.orderId);
        return render(reply, sessionId, 200, text.lapsed);
      }
      const status = action === 'pay' || action === 'payLost' ? 'paid' : action === 'cancel' ? 'cancelled' : 'failed';
      // A session no longer open (paid, ended, expired) is shown as it stands.
      if (!(await sandbox.settle(sessionId, status))) return render(reply, sessionId, 409);
      // The tester's lost notification: paid here, the server not told (the order waits until it asks).
      if (action === 'payLost') return render(reply, sessionId, 200, text.paidLost);
      const event = sandbox.signedEvent({ id: `evt_${randomBytes(12).toString('hex')}`, sessionId, occurredAt: deps.now(), outcome: await sandbox.fetchStatus(sessionId) });
      let delivered: Response;
      try {
        delivered = await fetch(deps.notificationUrl(), { method: 'POST', headers: event.headers, body: event.body });
      } catch {
        // The page, not a bare 500. The order still settles: while it is pending, getOrder asks the
        // provider (this sandbox) for the session's status, as it would Stripe.
        return render(reply, sessionId, 502, text.notificationUnreachable);
      }
      if (!delivered.ok) return render(reply, sessionId, 502, text.notificationFailed(delivered.status));
      const settled = (await sandbox.session(sessionId)) ?? session;
      return reply.redirect(status === 'paid' ? settled.successUrl : status === 'cancelled' ? settled.cancelUrl : settled.errorUrl, 303);
    });
  };
}
