// @vitest-environment happy-dom
// Save as PDF on a list says what it wrote once main has saved the file (rows and pages, with Open and
// Show in folder), nothing when the save dialog was cancelled, and main's words when it failed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPdfButton } from '../../../../../src/renderer/src/features/collections/list-pdf-button';
import type { ColumnDef } from '../../../../../src/renderer/src/features/collections/columns';
import { stubBridge } from '../records/bridge-stub';

afterEach(cleanup);

const columns = [{ name: 'amount', label: 'Amount' }] as unknown as ColumnDef[];

function showButton(answer: unknown) {
  stubBridge({ collections: { savePdf: async () => answer }, files: {} });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ListPdfButton collection="payments" filters={{}} columns={columns} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Save as PDF/ }));
}

describe('Save as PDF on a list', () => {
  it('says the rows and pages written, with the file’s name, and offers to open it', async () => {
    showButton({
      ok: true,
      data: { saved: true, savedId: 'f1', name: 'payments.pdf', rows: 1204, pages: 31 },
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved 1,204 rows on 31 pages to “payments.pdf”.',
    );
    expect(screen.getByRole('button', { name: /Open/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Show in folder/ })).toBeTruthy();
  });

  it('says one row on one page in the singular', async () => {
    showButton({ ok: true, data: { saved: true, savedId: 'f1', name: 'one.pdf', rows: 1, pages: 1 } });
    expect((await screen.findByRole('status')).textContent).toBe('Saved 1 row on 1 page to “one.pdf”.');
  });

  it('says nothing when the save dialog was cancelled', async () => {
    showButton({ ok: true, data: { saved: false } });
    await screen.findByRole('button', { name: 'Save as PDF' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows main’s words when the save failed', async () => {
    showButton({
      ok: false,
      error: { code: 'disk_full', message: 'The disk is full; nothing was written.' },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The disk is full; nothing was written.',
    );
  });
});
