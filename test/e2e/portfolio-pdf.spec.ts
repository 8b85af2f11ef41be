// "Save as PDF" of the portfolio through the built app: the button asks main's save dialog (a PDF
// type, a dated name), main prints the window with the page's print stylesheet (the stand-in prints
// through Chromium, as Electron does) and writes the file; a cancel says nothing. Where poppler's
// pdftoppm is installed, page 1 is rendered beside the screenshots to be looked at.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './harness/app-fixture';
import { SCREENS } from './harness/page-checks';
import { firstPageSize, pageCount } from './harness/pdf-facts';

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Renders page 1 into test-results/screens, when poppler is installed; returns the PNG's path. */
function renderFirstPage(pdfPath: string, name: string): string | null {
  if (!hasPdftoppm()) return null;
  mkdirSync(SCREENS, { recursive: true });
  const prefix = join(SCREENS, name);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
  return `${prefix}.png`;
}

const today = () => new Date().toISOString().slice(0, 10);

test('Save as PDF on the overview asks main’s save dialog and writes the charts as a PDF', async ({
  app,
}) => {
  const { page } = app;
  await app.updateOfflineCopy();
  await app.open('#/portfolio/overview');
  const save = page.getByRole('button', { name: 'Save as PDF' });

  // Cancelled: nothing is said.
  await save.click();
  await expect.poll(() => app.dialogs.calls.length).toBe(1);
  await expect(save).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/^Saved /)).toHaveCount(0);

  const target = join(app.documents, 'overview.pdf');
  app.dialogs.answerSave(target);
  await save.click();
  const saved = page.getByRole('status').filter({ hasText: '“overview.pdf”' });
  await expect(saved).toBeVisible();

  const [, call] = app.dialogs.calls;
  expect(call).toMatchObject({
    kind: 'save',
    options: {
      title: 'Save as PDF',
      defaultPath: expect.stringMatching(new RegExp(`/Portfolio overview – .+ – as of ${today()}\\.pdf$`)),
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    },
  });
  expect(call!.windowId).not.toBeNull();

  const pdf = readFileSync(target);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = pageCount(pdf);
  // Each of the five charts is printed on a page of its own.
  expect(pages).toBeGreaterThanOrEqual(5);
  await expect(saved).toHaveText(`Saved ${pages} pages to “overview.pdf”.`);
  const size = firstPageSize(pdf);
  expect(size.height).toBeGreaterThan(size.width);
  const png = renderFirstPage(target, 'portfolio-overview-pdf-page-1');
  if (png) expect(existsSync(png)).toBe(true);
  await app.screenshot('portfolio-overview-saved-pdf');
});

test('Save as PDF on a table view prints it landscape, with every row', async ({ app }) => {
  const { page } = app;
  await app.updateOfflineCopy();
  await app.open('#/portfolio/rent-roll');
  const table = await app.call('portfolio.view', { view: 'rent-roll' });
  const target = join(app.documents, 'rent-roll.pdf');
  app.dialogs.answerSave(target);
  await page.getByRole('button', { name: 'Save as PDF' }).click();
  await expect(page.getByRole('status').filter({ hasText: '“rent-roll.pdf”' })).toBeVisible();
  expect(app.dialogs.calls[0]).toMatchObject({
    kind: 'save',
    options: { defaultPath: expect.stringMatching(new RegExp(`/Rent roll – .+ – as of ${today()}\\.pdf$`)) },
  });
  const pdf = readFileSync(target);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const size = firstPageSize(pdf);
  expect(size.width).toBeGreaterThan(size.height);
  // A table is printed whole, not the part that fits the window's scroll area.
  expect(table.rows.length).toBeGreaterThan(40);
  expect(pageCount(pdf)).toBeGreaterThan(1);
  renderFirstPage(target, 'portfolio-rent-roll-pdf-page-1');
});
