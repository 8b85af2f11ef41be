import { chromium } from '@playwright/test';
const N = Number(process.argv[2] ?? 4000);
const mode = process.argv[3] ?? 'table';
const row = (i: number) => [`pay_${i.toString(36)}xyzab`, `Felix Adeyemi · 8722 Division House · 3B`, '8722 Division House', 'Felix Adeyemi', 'paid', 'Nov 1, 2025', 'Oct 29, 2025', '$2,810.00'];
let body = '';
if (mode === 'table') body = '<table>' + Array.from({ length: N }, (_, i) => '<tr>' + row(i).map((c) => `<td>${c}</td>`).join('') + '</tr>').join('') + '</table>';
if (mode === 'div') body = Array.from({ length: N }, (_, i) => '<div class="r">' + row(i).map((c) => `<span>${c}</span>`).join('') + '</div>').join('');
if (mode === 'pages') { const per = 38; for (let s = 0; s < N; s += per) body += '<table style="break-after:page">' + Array.from({ length: Math.min(per, N - s) }, (_, k) => '<tr>' + row(s + k).map((c) => `<td>${c}</td>`).join('') + '</tr>').join('') + '</table>'; }
if (mode === 'chunks') { const per = 20; body = '<table><thead><tr><th><pre>ID   Lease   Property</pre></th></tr></thead><tbody>'; for (let s = 0; s < N; s += per) body += '<tr style="break-inside:avoid"><td><pre>' + Array.from({ length: Math.min(per, N - s) }, (_, k) => row(s + k).join('  ')).join('\n') + '</pre></td></tr>'; body += '</tbody></table>'; }
if (mode === 'pre') body = '<pre>' + Array.from({ length: N }, (_, i) => row(i).join('  ')).join('\n') + '</pre>';
const html = `<!doctype html><meta charset="utf-8"><style>body{font:8.5pt sans-serif} table{border-collapse:collapse;width:100%;table-layout:fixed} .r{display:flex} .r span{flex:1;overflow:hidden}</style>${body}`;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
await p.setContent(html);
const t = performance.now();
const pdf = await p.pdf({ format: 'A4', landscape: true });
console.log(N, mode, 'print', (performance.now() - t).toFixed(0), 'bytes', pdf.length);
await b.close();
