// @vitest-environment happy-dom
// The CSV import's column table shows a column's first value by the record it names when the column
// holds record IDs: the updated records' own IDs and references such as a unit's ID.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ColumnTable } from '../../../../../../src/renderer/src/features/drafts/import/import-tables';
import {
  ID_COLUMN,
  IGNORE_COLUMN,
} from '../../../../../../src/renderer/src/features/drafts/import/import-mapping';
import { labelAnswers } from '../../../labels/label-answers';

const none = () => () => undefined;

beforeEach(() => {
  (window as unknown as { propdesk: unknown }).propdesk = {
    labels: {
      resolve: labelAnswers({
        'leases/lease_7': 'Aisha Cohen · Cedar Commons · 1B',
        'units/unit_3': 'Cedar Commons · 1B',
      }),
    },
    connections: { onChanged: none },
    contract: { onChanged: none },
    offlineCopy: { onProgress: none },
  };
});

afterEach(cleanup);

describe('CSV import columns', () => {
  it('names the records an ID column and a reference column hold', async () => {
    const csv = {
      headers: ['lease', 'unit', 'rent'],
      rows: [{ rowNumber: 2, cells: ['lease_7', 'unit_3', '1250'] }],
      rowProblems: [],
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ColumnTable
          csv={csv}
          collection="leases"
          mapping={[ID_COLUMN, 'unit_id', IGNORE_COLUMN]}
          fields={[]}
          withRecordId
          disabled={false}
          onChange={() => undefined}
        />
      </QueryClientProvider>,
    );
    await screen.findByText('Aisha Cohen · Cedar Commons · 1B');
    const [, body] = screen.getAllByRole('rowgroup');
    const firstValues = within(body!)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(firstValues).toEqual(['Aisha Cohen · Cedar Commons · 1B', 'Cedar Commons · 1B', '1250']);
    // The ID itself stays at hand, on hover.
    expect(within(body!).getByTitle('unit_3').textContent).toBe('Cedar Commons · 1B');
  });
});
