// Benchmark: Payments saved as PDF for a large organisation (about 20,000 payments), as the app does it:
// through the dispatcher, every payment read whole from the offline copy, printed by Chromium in a page
// of its own (Electron prints in a hidden window; here Debian's Chromium plays it, as in the tests).
// Measured: the whole save, the part spent printing, and how long main's event loop was held at most
// meanwhile (the window's calls wait on it), for every payment and for one year's received days.
// Run: npm run bench -- payments-pdf
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromiumPrinter } from '../support/chromium-printer';
import { connectWithCopy, createTestServices, windowCalls } from '../support/test-services';
import { startSandboxProcess } from './large-sandbox';
import { benchPaymentMonthsArgs } from './payment-span';
import { writeSection } from './report';
import type { BenchRow } from './report';

// Records scale 9 with 13 months of payments: about 20,000 payments.
const sandbox = await startSandboxProcess([
  '--seed',
  '3',
  '--records-scale',
  '9',
  ...benchPaymentMonthsArgs(),
]);
const dir = mkdtempSync(join(tmpdir(), 'propdesk-bench-pdf-'));
const printer = await chromiumPrinter();
let printMs = 0;
let target = '';
const services = createTestServices(join(dir, 'data'), {
  chooseSaveFile: async () => target,
  printDocumentToPdf: async (html, layout) => {
    const start = performance.now();
    try {
      return await printer.print(html, layout);
    } finally {
      printMs = performance.now() - start;
    }
  },
});

const COLUMNS = [
  { name: 'id', label: 'ID' },
  { name: 'lease_id', label: 'Lease' },
  { name: 'property_id', label: 'Property (by lease)' },
  { name: 'tenant_id', label: 'Tenant' },
  { name: 'status', label: 'Status' },
  { name: 'due_date', label: 'Due date' },
  { name: 'paid_date', label: 'Paid date' },
  { name: 'amount', label: 'Amount' },
];

try {
  const id = await connectWithCopy(
    services,
    { name: 'Bench', baseUrl: sandbox.baseUrl, apiKey: sandbox.key },
    600_000,
  );
  const call = windowCalls(services);
  await call('connections.update', { id, currency: 'USD' });
  const year = String(new Date().getUTCFullYear() - 1);
  const cases = [
    { what: 'every payment', own: undefined },
    {
      what: `payments received in ${year}`,
      own: { received_from: `${year}-01-01`, received_to: `${year}-12-31` },
    },
  ];
  const rows: BenchRow[] = [];
  for (const [i, c] of cases.entries()) {
    target = join(dir, `payments-${i}.pdf`);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const start = performance.now();
    const answer = await call<{ rows: number; pages: number }>('collections.savePdf', {
      collection: 'payments',
      filters: {},
      ...(c.own ? { own: c.own } : {}),
      columns: COLUMNS,
    });
    const totalMs = performance.now() - start;
    delay.disable();
    if (!answer.ok) throw new Error(answer.error?.message);
    const { rows: count, pages } = answer.data!;
    const mib = statSync(target).size / 2 ** 20;
    rows.push(
      {
        measure: `${c.what}: ${count.toLocaleString('en')} rows, ${pages.toLocaleString('en')} pages, ${mib.toFixed(1)} MiB`,
        value: `${(totalMs / 1000).toFixed(1)} s in all, of which ${(printMs / 1000).toFixed(1)} s Chromium printing`,
      },
      {
        measure: `${c.what}: longest hold of main's event loop while saving`,
        value: `${(delay.max / 1e6).toFixed(0)} ms`,
      },
    );
  }
  writeSection(
    'Payments saved as PDF (every matching payment, from the offline copy)',
    rows,
    'Eight columns, labels of referenced records, the total added exactly. Printing runs in Chromium apart from the app’s window (a hidden window in the app), so the window is never held; main reads the copy a page at a time and lets its event loop go between pages.',
  );
} finally {
  await services.stop();
  await printer.close();
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
}
