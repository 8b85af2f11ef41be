// "Save as PDF" in main: the save dialog is asked first with a PDF name and type, a cancel prints and
// writes nothing, the paper follows the computer's region and the tables print landscape, the file is
// written for the user only, and a failed print or write says what failed and leaves no file. The
// window's printing (Electron) is the one part replaced, by a port that hands back a small PDF.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SaveFileRequest } from '../../../../src/main/export/save-target';
import { pageTemplates, savePortfolioPdf } from '../../../../src/main/portfolio/portfolio-pdf';
import { paperSizeFor, pdfPageCount } from '../../../../src/main/export/pdf-file';
import type { PdfLayout } from '../../../../src/main/export/pdf-file';

/** A PDF of `pages` empty pages, laid out as Chromium writes them (a /Pages tree over /Page objects). */
function pdfOf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
    `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj`,
    ...Array.from(
      { length: pages },
      (_, i) => `${i + 3} 0 obj\n<</Type /Page\n/Parent 2 0 R /MediaBox [0 0 595 842]>>\nendobj`,
    ),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

describe('portfolio PDF', () => {
  let dir: string;
  let asked: SaveFileRequest[];
  let printed: PdfLayout[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'propdesk-pdf-'));
    asked = [];
    printed = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10 }));

  const save = (
    answer: string | undefined,
    print: (layout: PdfLayout) => Promise<Buffer>,
    view = 'overview',
  ) =>
    savePortfolioPdf({
      view: view as 'overview',
      title: view === 'overview' ? 'Portfolio overview' : 'Rent roll',
      period: null,
      connection: 'Demo organisation',
      day: '2026-11-23',
      copyAsOf: null,
      locale: 'en-GB',
      chooseFile: async (request) => {
        asked.push(request);
        return answer;
      },
      print: async (layout) => {
        printed.push(layout);
        return print(layout);
      },
    });

  it('asks where with a PDF name, then prints the window and writes it for the user only', async () => {
    const target = join(dir, 'overview.pdf');
    expect(await save(target, async () => pdfOf(5))).toEqual({ path: target, pages: 5 });
    expect(asked).toEqual([
      { suggestedName: 'Portfolio overview – Demo organisation – as of 2026-11-23.pdf', kind: 'pdf' },
    ]);
    expect(printed).toMatchObject([{ pageSize: 'A4', landscape: false }]);
    expect(readFileSync(target)).toEqual(pdfOf(5));
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['overview.pdf']);
  });

  it('prints a table view landscape', async () => {
    const target = join(dir, 'rent-roll.pdf');
    await save(target, async () => pdfOf(2), 'rent-roll');
    expect(asked[0]!.suggestedName).toBe('Rent roll – Demo organisation – as of 2026-11-23.pdf');
    expect(printed).toMatchObject([{ pageSize: 'A4', landscape: true }]);
  });

  it('puts the organisation, the view, the day and "page N of M" on every page', async () => {
    await save(join(dir, 'rent-roll.pdf'), async () => pdfOf(2), 'rent-roll');
    const [{ headerTemplate, footerTemplate }] = printed as [PdfLayout];
    const words = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    expect(words(headerTemplate)).toBe('Demo organisation — Rent roll As of 23 Nov 2026');
    expect(footerTemplate).toContain(
      'page <span class="pageNumber"></span> of <span class="totalPages"></span>',
    );
  });

  it('keeps a connection name from becoming markup on the page', () => {
    const { headerTemplate } = pageTemplates({
      title: 'Rent roll',
      period: null,
      connection: '<img src=x onerror=alert(1)>',
      day: '2026-11-23',
      copyAsOf: null,
      locale: 'en-GB',
    });
    expect(headerTemplate).not.toContain('<img');
    expect(headerTemplate).toContain('&#60;img');
  });

  it('prints and writes nothing when the dialog is cancelled', async () => {
    expect(await save(undefined, async () => pdfOf(1))).toBeNull();
    expect(printed).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says which file could not be written and why, and leaves nothing behind', async () => {
    const target = join(dir, 'gone', 'overview.pdf');
    await expect(save(target, async () => pdfOf(1))).rejects.toMatchObject({
      code: 'write_failed',
      message: expect.stringMatching(
        /^PropDesk could not write “overview\.pdf”: that folder no longer exists\./,
      ),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says the PDF could not be made when printing fails, and writes no file', async () => {
    const target = join(dir, 'overview.pdf');
    await expect(
      save(target, async () => {
        throw new Error('Printing failed');
      }),
    ).rejects.toMatchObject({
      code: 'print_failed',
      message: expect.stringMatching(
        /^PropDesk could not make the PDF \(Printing failed\)\. Nothing was saved/,
      ),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('chooses the paper of the computer’s region', () => {
    expect(paperSizeFor('en-US')).toBe('Letter');
    expect(paperSizeFor('fr-CA')).toBe('Letter');
    expect(paperSizeFor('es-MX')).toBe('Letter');
    expect(paperSizeFor('en')).toBe('Letter');
    expect(paperSizeFor('en-GB')).toBe('A4');
    expect(paperSizeFor('de-DE')).toBe('A4');
    expect(paperSizeFor('ja')).toBe('A4');
    expect(paperSizeFor('not a locale')).toBe('A4');
  });

  it('counts page objects, not the page tree', () => {
    expect(pdfPageCount(pdfOf(1))).toBe(1);
    expect(pdfPageCount(pdfOf(12))).toBe(12);
    expect(pdfPageCount(Buffer.from('not a pdf'))).toBe(0);
  });
});
