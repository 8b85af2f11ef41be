// @vitest-environment happy-dom
// Today's figure cards: each figure a link to the rows it counts, amounts in the connection's
// currency, and a figure main could not tell shown as not known, never as a zero.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TodaySummary } from '../../../../../src/shared/today';
import { TodayFigures } from '../../../../../src/renderer/src/features/today/today-figures';

afterEach(cleanup);

const known: TodaySummary = {
  connectionId: 'c1',
  sample: false,
  today: '2026-11-24',
  asOf: '2026-11-24T02:00:00.000Z',
  missing: [],
  endingLeases: [
    { days: 30, count: 1, rent: 1250.5 },
    { days: 60, count: 4, rent: 5100 },
  ],
  latePayments: { count: 3, amount: 900 },
  urgentMaintenance: [{ priority: 'emergency', count: 2 }],
  unverifiedDocuments: 7,
  suggestions: { waiting: 5, decidedSince: '2026-11-17', applied: 2, dismissed: 0, expired: 1 },
  fromService: {},
  notes: [],
};

describe('Today’s figures', () => {
  it('link each figure to the rows behind it, with amounts in the connection’s currency', () => {
    render(<TodayFigures summary={known} currency="EUR" unsent={0} />);
    const in30 = screen.getByRole('link', { name: /^1 lease ends in the next 30 days/ });
    expect(in30.getAttribute('href')).toBe('#/portfolio/expirations?ending=30');
    expect(in30.textContent).toContain('€1,250.50');
    expect(screen.getByRole('link', { name: /^3 payments past due/ }).getAttribute('href')).toBe(
      '#/portfolio/delinquency',
    );
    expect(screen.getByRole('link', { name: /^2 open emergency requests/ }).getAttribute('href')).toBe(
      '#/portfolio/maintenance?priority=emergency',
    );
    expect(screen.getByRole('link', { name: /^7 documents not verified/ }).getAttribute('href')).toBe(
      '#/c/documents?is_verified=false',
    );
    expect(screen.getByRole('link', { name: '2 applied' }).getAttribute('href')).toBe(
      '#/suggestions?status=applied&since=2026-11-17',
    );
  });

  it('say a figure is not known, rather than showing 0, until the copy of its records is made', () => {
    render(
      <TodayFigures
        unsent={0}
        summary={{
          ...known,
          missing: ['leases', 'payments', 'maintenance_requests', 'documents'],
          endingLeases: null,
          latePayments: null,
          urgentMaintenance: null,
          unverifiedDocuments: null,
        }}
        currency="EUR"
      />,
    );
    expect(screen.getAllByText('Known once the offline copy is made.')).toHaveLength(4);
    // No figure of the copy is offered as a link (to zero rows): only the suggestions'.
    expect(
      screen.getAllByRole('link').every((a) => a.getAttribute('href')!.startsWith('#/suggestions')),
    ).toBe(true);
    // Suggestions come from the suggestions service, not the copy: still shown.
    expect(screen.getByRole('link', { name: /^5 waiting/ })).toBeTruthy();
  });

  it('count the submissions still waiting to be sent apart from those waiting for a person', () => {
    render(<TodayFigures summary={known} currency="EUR" unsent={2} />);
    const unsent = screen.getByRole('link', { name: /^2 submissions waiting to be sent/ });
    expect(unsent.getAttribute('href')).toBe('#/drafts');
    expect(screen.getByRole('link', { name: /^5 waiting for a person to decide/ })).toBeTruthy();
    cleanup();
    render(<TodayFigures summary={known} currency="EUR" unsent={0} />);
    expect(screen.queryByRole('link', { name: /waiting to be sent/ })).toBeNull();
  });

  it('say which figures came from the service while the copy is made, which are provisional, and why others wait', () => {
    render(
      <TodayFigures
        unsent={0}
        summary={{
          ...known,
          missing: ['leases', 'payments', 'maintenance_requests', 'documents'],
          endingLeases: null,
          urgentMaintenance: null,
          fromService: {
            latePayments: { state: 'shown', provisional: true, message: null },
            unverifiedDocuments: { state: 'shown', provisional: false, message: null },
            endingLeases: { state: 'asking', provisional: false, message: null },
            urgentMaintenance: {
              state: 'refused',
              provisional: false,
              message: 'The service refused the request: unknown status',
            },
          },
        }}
        currency="EUR"
      />,
    );
    const card = (title: string) => screen.getByRole('region', { name: title });
    // The figures the service answered open the same rows as the copy's would.
    const late = within(card('Late payments'));
    expect(late.getByRole('link', { name: /^3 payments past due/ }).getAttribute('href')).toBe(
      '#/portfolio/delinquency',
    );
    expect(late.getByText('From the service; the offline copy is still being made.')).toBeTruthy();
    expect(
      late.getByText(/^Provisional: the service sent records its filter should have left out/),
    ).toBeTruthy();
    const documents = within(card('Documents to check'));
    expect(documents.getByText('From the service; the offline copy is still being made.')).toBeTruthy();
    expect(documents.queryByText(/^Provisional/)).toBeNull();
    expect(within(card('Leases ending')).getByText('Asking the service…')).toBeTruthy();
    expect(
      within(card('Urgent maintenance')).getByText(
        'The service refused the filter PropDesk asked with (The service refused the request: unknown status), so this waits for the offline copy.',
      ),
    ).toBeTruthy();
  });

  it('say nothing of the service once the copy’s figures are shown', () => {
    render(<TodayFigures summary={known} currency="EUR" unsent={0} />);
    expect(screen.queryByText(/From the service/)).toBeNull();
  });
});
