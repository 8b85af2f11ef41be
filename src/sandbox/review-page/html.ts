// HTML building blocks of the review page: escaping, the page frame with its nonce-bound inline
// style, and the strict Content-Security-Policy that goes with it. No scripts, no external assets.
import { randomBytes } from 'node:crypto';

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f7f7f8;--fg:#1d1d20;--muted:#5c5f66;--card:#fff;--line:#d9dade;--accent:#2f5bd3;--amber:#8a5a00;--green:#1d6b34;--grey:#55585e;--red:#a4262c}
@media (prefers-color-scheme:dark){:root{--bg:#17181b;--fg:#ececef;--muted:#a5a8af;--card:#212226;--line:#3a3c42;--accent:#8fb0ff;--amber:#f0b44c;--green:#6fd08c;--grey:#b3b5ba;--red:#ff8a8f}}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
header,main{max-width:980px;margin:0 auto;padding:16px 20px}
header{border-bottom:1px solid var(--line)}h1{font-size:20px;margin:0}h2{font-size:16px;margin:24px 0 8px}h3{font-size:14px;margin:0 0 6px}
a{color:var(--accent)}.muted{color:var(--muted)}
article,.box{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:10px 0}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line)}
.status{font-weight:600}.s-proposed{color:var(--amber)}.s-applied{color:var(--green)}.s-dismissed{color:var(--grey)}.s-expired{color:var(--red)}
.flash{padding:10px 14px;border-radius:8px;border:1px solid var(--line);background:var(--card)}.flash.error{border-color:var(--red)}
form.inline{display:inline-block;margin:6px 8px 0 0}button{font:inherit;padding:4px 12px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff}select{font:inherit;padding:3px}
ul.flags{margin:4px 0;padding-left:18px}.warning{color:var(--amber)}
`;

export interface Frame {
  html: string;
  headers: Record<string, string>;
}

export function page(title: string, body: string): Frame {
  const nonce = randomBytes(16).toString('base64');
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body>${body}</body></html>`,
    headers: {
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      'X-Frame-Options': 'DENY',
    },
  };
}
