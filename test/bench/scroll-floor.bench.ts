// The floor the renderer benchmark is read against: the same three scroll passes, in the same
// Chromium and window, over a plain page with no framework that shows 100,000 rows of eight cells
// by refilling 46 row elements as they come into view. Long tasks here belong to the machine and the
// browser; long tasks in the app's benchmark that are not here belong to the app.
import { chromium } from '@playwright/test';
import config from '../../playwright.config';
import { writeSection } from './report';
import { describePasses, scrollPasses } from './scroll-passes';

const ROWS = 100_000;
const page = `<!doctype html><meta charset="utf-8"><style>
body{margin:0;font:14px system-ui,sans-serif}
#grid{height:760px;overflow:auto;position:relative}
#body{position:relative}
.row{position:absolute;left:0;top:0;width:100%;height:32px;display:grid;align-items:center;
  grid-template-columns:repeat(8,150px);border-bottom:1px solid #ddd}
.row div{padding:0 10px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
</style>
<div id="grid"><div id="body"></div></div>
<script>
const ROWS = ${ROWS}, H = 32, POOL = 46;
const grid = document.getElementById('grid'), body = document.getElementById('body');
body.style.height = ROWS * H + 'px';
const pool = [];
for (let i = 0; i < POOL; i++) {
  const row = document.createElement('div');
  row.className = 'row';
  row.setAttribute('role', 'row');
  for (let c = 0; c < 8; c++) row.appendChild(document.createElement('div'));
  body.appendChild(row);
  pool.push(row);
}
function draw() {
  const first = Math.max(0, Math.min(ROWS - POOL, Math.floor(grid.scrollTop / H) - 12));
  for (let i = first; i < first + POOL; i++) {
    const row = pool[i % POOL];
    if (row.dataset.i === String(i)) continue;
    row.dataset.i = String(i);
    row.style.transform = 'translateY(' + i * H + 'px)';
    const cells = row.children;
    cells[0].textContent = 'pay_' + (i * 7919).toString(36);
    cells[1].textContent = '2025-' + String((i % 12) + 1).padStart(2, '0') + '-01';
    cells[2].textContent = '$' + (1000 + (i % 4000)).toLocaleString('en-US') + '.00';
    cells[3].textContent = 'lease_' + (i * 31).toString(36);
    cells[4].textContent = 'ten_' + (i * 17).toString(36);
    cells[5].textContent = i % 5 ? 'paid' : 'late';
    cells[6].textContent = '2026-' + String((i % 9) + 1).padStart(2, '0') + '-15';
    cells[7].textContent = 'Data import (System)';
  }
}
grid.addEventListener('scroll', draw, { passive: true });
draw();
</script>`;

const launch = config.use?.launchOptions ?? {};
const browser = await chromium.launch(launch);
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await tab.setContent(page);
  const passes = await scrollPasses(tab.locator('#grid'), 3);
  const scrolled = describePasses(passes);
  writeSection(
    'Renderer floor: the same scroll over a plain page',
    [
      {
        measure: 'long tasks while scrolling top to bottom, three passes',
        value: scrolled.value,
      },
      {
        measure: 'row elements in the DOM (most seen while scrolling)',
        value: String(Math.max(...passes.map((p) => p.maxRows))),
      },
    ],
    'Headless Debian Chromium, 1280×800, the same scroll steps as the renderer benchmark; no target of its own, it shows what this machine gives a page that does almost nothing per frame.',
  );
} finally {
  await browser.close();
}
