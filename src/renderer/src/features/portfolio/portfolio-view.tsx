// The portfolio screen (#/portfolio/<tab>): the overview's charts first, then six views computed in
// main from the offline copy, each exportable to CSV or savable as a PDF, and the offline copy's own
// tab to update it. Tabs are Radix tabs bound to the route; a view can be narrowed to the rows behind
// one chart mark, and income by property covers the period the route names.
import { Alert } from '../../ui/alert';
import { Tabs } from 'radix-ui';
import { Download, Filter, TrendingUp, X } from 'lucide-react';
import '../../styles/portfolio.css';
import { copyLine } from '../offline-copy/copy-words';
import '../../styles/portfolio-print.css';
import { PORTFOLIO_VIEWS } from '../../../../shared/portfolio';
import type { PortfolioTable as Table, PortfolioViewName } from '../../../../shared/portfolio';
import { DATED_VIEWS, WINDOW_VIEWS } from '../../../../shared/portfolio-focus';
import type { PortfolioFocus } from '../../../../shared/portfolio-focus';
import { useState } from 'react';
import { errorMessage } from '../../lib/call';
import type { PortfolioTab } from '../../router/routes';
import { useNavigate } from '../../router/use-route';
import { AsOfDayInput, AsOfLine } from './as-of-line';
import { PeriodChooser } from './period-chooser';
import { VacancyWindowChooser } from './vacancy-window-chooser';
import { useVacancyWindow } from '../../state/vacancy-window';
import { parsePeriodText } from '../../../../shared/income-period';
import type { IncomePeriod } from '../../../../shared/income-period';
import { focusWords } from './focus-words';
import { NoCopyYet } from '../offline-copy/no-copy-yet';
import { OverviewTab } from './overview/overview-tab';
import { PortfolioTable, rentReviewHash } from './portfolio-table';
import { SavePdfButton } from './save-pdf-button';
import { SaveOutcome } from '../collections/save-outcome';
import { OfflineCopyPanel } from '../offline-copy/offline-copy-panel';
import { usePortfolioExport, usePortfolioTable } from './use-portfolio-api';
import { useOfflineCopyStatus } from '../offline-copy/use-offline-copy-api';
import { useCurrency } from '../connections/use-currency';

export const TAB_LABELS: Record<PortfolioTab, string> = {
  overview: 'Overview',
  'rent-roll': 'Rent roll',
  expirations: 'Expirations',
  vacancy: 'Vacancy',
  delinquency: 'Delinquency',
  maintenance: 'Maintenance',
  income: 'Income',
  'offline-copy': 'Offline copy',
};

/** Says what a narrowed view shows, with a way back to all of it (and, for leases, to a rent review). */
function FocusBar({ view, focus, table }: { view: PortfolioViewName; focus: PortfolioFocus; table: Table }) {
  const navigate = useNavigate();
  const leases = focus.kind === 'month' || focus.kind === 'ending' || focus.kind === 'month-to-month';
  const currency = useCurrency();
  return (
    <div className="pf-focus">
      <Filter size={14} aria-hidden />
      <span>
        Showing only {table.focus ? focusWords(view, focus, table.focus, currency) : 'part of this view'},
        from the overview.
      </span>
      {leases && table.rows.length ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            window.location.hash = rentReviewHash(table.rows.map((r) => r.id));
          }}
        >
          <TrendingUp size={14} aria-hidden /> Review rents of these {table.rows.length.toLocaleString()}{' '}
          leases
        </button>
      ) : null}
      <button type="button" className="btn" onClick={() => navigate({ view: 'portfolio', tab: view })}>
        <X size={14} aria-hidden /> Show every row
      </button>
    </div>
  );
}

function ViewTab({
  view,
  focus,
  period,
  onOfflineCopy,
}: {
  view: PortfolioViewName;
  focus: PortfolioFocus | undefined;
  period: IncomePeriod | undefined;
  onOfflineCopy: () => void;
}) {
  const [asOfDay, setAsOfDay] = useState<string | undefined>(undefined);
  const [within, setWithin] = useVacancyWindow();
  const navigate = useNavigate();
  const dated = DATED_VIEWS.includes(view);
  // A chart mark's part of the board shows no units becoming vacant, so it has no window to choose.
  const ahead = WINDOW_VIEWS.includes(view) && !focus;
  const args = {
    view,
    ...(focus ? { focus } : {}),
    ...(dated && asOfDay ? { asOfDay } : {}),
    ...(period ? { period } : {}),
    ...(ahead ? { within } : {}),
  };
  const table = usePortfolioTable(args);
  const exporting = usePortfolioExport(args);
  if (table.isPending) return <p className="muted pf-loading">Computing…</p>;
  if (table.isError) return <Alert>{errorMessage(table.error)}</Alert>;
  const t = table.data;
  if (t.missing.length)
    return (
      <NoCopyYet
        what={{
          heading: 'No offline copy to compute this from yet',
          subject: 'This view needs',
          works: 'it works',
        }}
        missing={t.missing}
        onOfflineCopy={onOfflineCopy}
      />
    );
  const shownPeriod = t.period ? parsePeriodText(t.period.text) : undefined;
  return (
    <>
      <div className="pf-viewbar">
        <h2>{t.period ? `${t.title}, ${t.period.words}` : t.title}</h2>
        {/* Shown with no copy of its records and none missing: the service's rows (main says so in a note). */}
        <AsOfLine asOf={t.asOf} today={t.period ? null : t.today} fromService={t.asOf === null} />
        {dated ? <AsOfDayInput day={asOfDay} onChange={setAsOfDay} /> : null}
        {ahead ? <VacancyWindowChooser within={within} onChange={setWithin} /> : null}
        {shownPeriod ? (
          <PeriodChooser
            period={shownPeriod}
            today={t.today}
            onChange={(next) => navigate({ view: 'portfolio', tab: view, period: next })}
          />
        ) : null}
        <span className="spacer" />
        <SaveOutcome saving={exporting} what={(saved) => `${saved.rows?.toLocaleString() ?? 'the'} rows`} />
        <button
          type="button"
          className="btn"
          onClick={() => exporting.mutate()}
          disabled={exporting.isPending}
        >
          <Download size={14} aria-hidden /> Export CSV
        </button>
        <SavePdfButton view={view} asOfDay={dated ? asOfDay : undefined} period={shownPeriod} />
      </div>
      {focus ? <FocusBar view={view} focus={focus} table={t} /> : null}
      <PortfolioTable key={`${view}-${t.asOf ?? ''}-${JSON.stringify(focus ?? null)}`} table={t} />
    </>
  );
}

export function PortfolioView({
  tab,
  focus,
  period,
}: {
  tab: PortfolioTab;
  focus?: PortfolioFocus;
  period?: IncomePeriod;
}) {
  const navigate = useNavigate();
  const offlineCopy = useOfflineCopyStatus();
  const running = offlineCopy.data?.state === 'running';
  const tabs: PortfolioTab[] = ['overview', ...PORTFOLIO_VIEWS, 'offline-copy'];
  const toOfflineCopy = () => navigate({ view: 'portfolio', tab: 'offline-copy' });
  return (
    <div className="pf-page">
      <header className="toolbar">
        <h1>Portfolio</h1>
        <span className="muted" role="status">
          {running && offlineCopy.data ? copyLine(offlineCopy.data).text : ''}
        </span>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => navigate({ view: 'portfolio', tab: value as PortfolioTab })}
        className="pf-tabs"
      >
        <Tabs.List aria-label="Portfolio views" className="pf-tab-list">
          {tabs.map((t) => (
            <Tabs.Trigger key={t} value={t} className="pf-tab">
              {TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t} value={t} className="pf-tab-content">
            {t !== tab ? null : t === 'offline-copy' ? (
              <OfflineCopyPanel />
            ) : t === 'overview' ? (
              <OverviewTab onOfflineCopy={toOfflineCopy} />
            ) : (
              <ViewTab view={t} focus={focus} period={period} onOfflineCopy={toOfflineCopy} />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
