// The development inbox (`/__dev/line/inbox` on the server): each test user's messages as LINE
// shows them, newest last: service messages in 「LINEミニアプリ お知らせ」, pushes from the
// municipality's official account. Plain HTML, no script: a developer or a browser test reads it.
import type { InboxMessage } from './messaging.js';
import type { TestUser } from './test-users.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const time = (at: number) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);

function pushText(message: unknown): string {
  if (typeof message === 'object' && message !== null && 'text' in message && typeof message.text === 'string') return message.text;
  return JSON.stringify(message);
}

function messageHtml(message: InboxMessage): string {
  if (message.kind === 'service') {
    const rows = Object.entries(message.params)
      .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
      .join('');
    return `<li class="service"><p class="from">LINEミニアプリ お知らせ <small>${time(message.at)}</small></p><p class="template">${escapeHtml(message.templateName)}</p><dl>${rows}</dl></li>`;
  }
  const texts = message.messages.map((part) => `<p class="text">${escapeHtml(pushText(part))}</p>`).join('');
  return `<li class="push"><p class="from">公式アカウント <small>${time(message.at)}</small></p>${texts}</li>`;
}

export function inboxPage(users: readonly TestUser[], inboxOf: (userId: string) => readonly InboxMessage[], isFriend: (userId: string) => boolean): string {
  const sections = users
    .map((user) => {
      const messages = inboxOf(user.userId);
      const list = messages.length === 0 ? '<p>メッセージはありません。</p>' : `<ol>${messages.map(messageHtml).join('')}</ol>`;
      return `<section aria-label="${escapeHtml(user.displayName)}"><h2>${escapeHtml(user.displayName)} <small>${user.userId}${isFriend(user.userId) ? '・友だち' : ''}</small></h2>${list}</section>`;
    })
    .join('');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>LINE 受信箱（開発用）</title><style>body{font-family:sans-serif;margin:1.5rem;line-height:1.7;background:#f5f5f5}section{background:#fff;border-radius:8px;padding:0.5rem 1rem;margin-bottom:1rem}ol{list-style:none;padding:0}li{border-left:4px solid #06c755;margin:0.5rem 0;padding:0.25rem 0.75rem;background:#f9fffb}li.push{border-color:#888}.from{font-weight:bold;margin:0}.template{color:#555;margin:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:0}dt{color:#555}dd{margin:0}</style></head><body><h1>LINE 受信箱（開発用）</h1>${sections}</body></html>`;
}
