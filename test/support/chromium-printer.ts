// Main's printing of a document of its own, played by Debian's Chromium: the document is opened from
// a file in a page of its own with no script, and printed with the options main gives Electron, as the
// end-to-end host prints a window (print-to-pdf.ts). Only Electron is stood in for; the printing is
// Chromium's own. One browser for a test file; close it when done.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import config from '../../playwright.config';
import { chromiumPrintOptions } from '../../src/main/export/pdf-file';
import type { PrintDocumentToPdf } from '../../src/main/export/pdf-file';
import { printToPdf } from './electron-host/print-to-pdf';

export interface ChromiumPrinter {
  print: PrintDocumentToPdf;
  close(): Promise<void>;
}

export async function chromiumPrinter(): Promise<ChromiumPrinter> {
  let browser: Browser | undefined;
  return {
    print: async (html, layout) => {
      browser ??= await chromium.launch(config.use?.launchOptions ?? {});
      const dir = await mkdtemp(join(tmpdir(), 'propdesk-print-'));
      const page = await browser.newPage({ javaScriptEnabled: false });
      try {
        const file = join(dir, 'document.html');
        await writeFile(file, html, 'utf8');
        await page.goto(pathToFileURL(file).href);
        return await printToPdf(page, chromiumPrintOptions(layout));
      } finally {
        await page.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    close: async () => {
      await browser?.close();
    },
  };
}
