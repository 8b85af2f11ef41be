// @vitest-environment happy-dom
// The CSV import's column table shows a column's first value by the record it names when the column
// holds record IDs: the updated records' own IDs and references such as a unit's ID.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ColumnTable } from '../../../src/renderer/src/features/drafts/import-tables';
import { ID_COLUMN, IGNORE_COLUMN } from '../../../src/renderer/src/features/drafts/import-mapping';
import { domRoot } from './dom-root';
import type { DomRoot } from './dom-root';
import { labelAnswers } from './label-answers';

let dom: DomRoot;
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
    sync: { onProgress: none },
  };
  dom = domRoot();
});

afterEach(() => dom.dispose());

describe('CSV import columns', () => {
  it('names the records an ID column and a reference column hold', async () => {
    const csv = {
      headers: ['lease', 'unit', 'rent'],
      rows: [{ rowNumber: 2, cells: ['lease_7', 'unit_3', '1250'] }],
      rowProblems: [],
    };
    act(() =>
      dom.root.render(
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
      ),
    );
    for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 5)));
    const firstValues = [...dom.container.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelectorAll('td')[1]!.textContent,
    );
    expect(firstValues).toEqual(['Aisha Cohen · Cedar Commons · 1B', 'Cedar Commons · 1B', '1250']);
    expect(dom.container.querySelector('tbody span[title="unit_3"]')).not.toBeNull();
  });
});
