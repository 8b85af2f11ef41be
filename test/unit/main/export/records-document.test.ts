// The printed ledger of a list: a record's value that looks like markup stays text, a value wider than
// its column is cut with "…", amounts line up on the right with the total under them, the headings
// head every page's table, and a wide ledger turns the page sideways.
import { describe, expect, it } from 'vitest';
import { recordsDocumentHtml } from '../../../../src/main/export/records-document';
import type { RecordsDocument } from '../../../../src/main/export/records-document';

const base: RecordsDocument = {
  title: 'Payments',
  organisation: 'Harbour <Lets>',
  filters: ['Status: late'],
  count: '2 payments',
  total: { column: 'Amount', text: '$1,250.00' },
  source: 'Read from the service',
  headings: ['ID', 'Amount'],
  numeric: [false, true],
  rows: [
    ['pay_1', '$1,000.00'],
    ['<img src=x onerror=alert(1)>', '$250.00'],
  ],
};

const text = (html: string) => html.replace(/<[^>]+>/g, '\n');

describe('the printed ledger of a list', () => {
  it('keeps markup in a value or a name as text', () => {
    const { html } = recordsDocumentHtml(base);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<Lets>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toMatch(/<script/i);
  });

  it('lines amounts up on the right, with the total under them', () => {
    const { html } = recordsDocumentHtml({ ...base, rows: [['pay_1', '$100.00']] });
    const lines = text(html)
      .split('\n')
      .filter((l) => l.includes('$'));
    const row = lines.find((l) => l.startsWith('pay_1'))!;
    // The first column is too narrow for the words: the sum is on the next line, under the amounts.
    const total = lines.find((l) => l.trim() === '$1,250.00')!;
    expect(row.length).toBe(total.length);
    expect(text(html)).toContain('Total, 2 payments\n');
    const wide = recordsDocumentHtml({ ...base, rows: [['pay_1'.padEnd(24, '_'), '$100.00']] });
    const one = text(wide.html)
      .split('\n')
      .find((l) => l.startsWith('Total, 2 payments'))!;
    expect(one.endsWith('$1,250.00')).toBe(true);
    expect(one.length).toBe(24 + 2 + '$1,250.00'.length);
    expect(html).toContain('2 payments · Amount total $1,250.00');
  });

  it('cuts a value wider than its column with "…", and repeats the headings on every page', () => {
    const long = 'x'.repeat(80);
    const { html } = recordsDocumentHtml({ ...base, rows: [[long, '$1.00']] });
    expect(html).toContain(`${'x'.repeat(43)}…`);
    expect(html).toContain('<thead>');
    expect(html).toContain('display: table-header-group');
  });

  it('prints a narrow ledger upright and a wide one sideways', () => {
    expect(recordsDocumentHtml(base).landscape).toBe(false);
    const wide = {
      ...base,
      headings: Array.from({ length: 9 }, (_, i) => `Column ${i}`),
      numeric: Array.from({ length: 9 }, () => false),
      rows: [Array.from({ length: 9 }, () => 'Felix Adeyemi · 8722 Division House')],
      total: null,
    };
    expect(recordsDocumentHtml(wide).landscape).toBe(true);
  });
});
