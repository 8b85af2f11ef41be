// @vitest-environment happy-dom
// The Vacancy board's look-ahead chosen beside its title: 90 days until chosen, the choice sent with
// the view (so main counts the units becoming vacant within it) and kept for the next time the board
// is opened; a damaged stored choice reads as 90 days, and a board narrowed to a chart mark's units
// has no window to choose.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioTable } from '../../../../../src/shared/portfolio';
import type { PortfolioFocus } from '../../../../../src/shared/portfolio-focus';
import { PortfolioView } from '../../../../../src/renderer/src/features/portfolio/portfolio-view';
import { useVacancyWindowStore } from '../../../../../src/renderer/src/state/vacancy-window';
import { stubBridge } from '../records/bridge-stub';

type Asked = { view: string; within?: number; focus?: unknown };

function board(within: number | undefined): PortfolioTable {
  return {
    view: 'vacancy',
    title: 'Vacancy board',
    groupLabel: 'Property',
    period: null,
    groupHeadings: true,
    notes: [],
    columns: [{ key: 'unit', label: 'Unit', kind: 'text' }],
    rows: [],
    summary: [
      { label: 'Vacant units', value: 0, kind: 'integer' },
      ...(within
        ? [
            {
              label: `Becoming vacant within ${within} days, no lease after`,
              value: 0,
              kind: 'integer' as const,
            },
          ]
        : []),
    ],
    totals: {},
    asOf: '2026-11-26T06:00:00.000Z',
    today: '2026-11-26',
    asOfDay: null,
    missing: [],
    focus: null,
  };
}

function show(asked: Asked[], focus?: PortfolioFocus) {
  stubBridge({
    offlineCopy: {
      onProgress: () => () => undefined,
      status: async () => ({ ok: false, error: { code: 'offline', message: 'Not in this test' } }),
    },
    portfolio: {
      view: async (args: Asked) => {
        asked.push(args);
        return { ok: true, data: board(args.within) };
      },
    },
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PortfolioView tab="vacancy" {...(focus ? { focus } : {})} />
    </QueryClientProvider>,
  );
}

const chooser = () => screen.getByRole('combobox', { name: 'Becoming vacant within' });

beforeEach(() => {
  localStorage.clear();
  useVacancyWindowStore.setState({ within: 90 });
  window.location.hash = '#/portfolio/vacancy';
});
afterEach(cleanup);

describe('the Vacancy board’s look-ahead', () => {
  it('asks for 90 days until another window is chosen, then for that one, and keeps it for next time', async () => {
    const asked: Asked[] = [];
    show(asked);
    expect(await screen.findByText(/Becoming vacant within 90 days/)).toBeTruthy();
    expect((chooser() as HTMLSelectElement).value).toBe('90');
    expect(asked.at(-1)).toEqual({ view: 'vacancy', within: 90 });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '30 days',
      '60 days',
      '90 days',
      '120 days',
    ]);

    fireEvent.change(chooser(), { target: { value: '30' } });
    expect(await screen.findByText(/Becoming vacant within 30 days/)).toBeTruthy();
    expect(asked.at(-1)).toEqual({ view: 'vacancy', within: 30 });
    expect(JSON.parse(localStorage.getItem('propdesk.vacancy-window')!).state.within).toBe(30);

    // Opened again, as after a restart: the board looks 30 days ahead at once.
    cleanup();
    await act(() => useVacancyWindowStore.persist.rehydrate());
    const again: Asked[] = [];
    show(again);
    expect(await screen.findByText(/Becoming vacant within 30 days/)).toBeTruthy();
    expect(again.map((a) => a.within)).toEqual([30]);
  });

  it('reads a stored window it does not offer as 90 days', async () => {
    localStorage.setItem('propdesk.vacancy-window', JSON.stringify({ state: { within: 45 }, version: 1 }));
    await act(() => useVacancyWindowStore.persist.rehydrate());
    const asked: Asked[] = [];
    show(asked);
    expect(await screen.findByText(/Becoming vacant within 90 days/)).toBeTruthy();
    expect(asked.map((a) => a.within)).toEqual([90]);
  });

  it('offers no window on the units behind one property’s bar, which shows no units becoming vacant', async () => {
    const asked: Asked[] = [];
    show(asked, { kind: 'property', propertyId: 'prop_1' });
    expect(await screen.findByText('Vacancy board')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Becoming vacant within' })).toBeNull();
    expect(asked.at(-1)).toEqual({ view: 'vacancy', focus: { kind: 'property', propertyId: 'prop_1' } });
  });
});
