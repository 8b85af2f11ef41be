// The portfolio screen (#/portfolio/<tab>): five views computed in main from the offline copy, each
// exportable to CSV, and the offline copy's own tab to sync it. Tabs are Radix tabs bound to the route.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { CloudDownload, Download } from 'lucide-react';
import '../../styles/portfolio.css';
import { PORTFOLIO_VIEWS } from '../../../../shared/portfolio';
import type { PortfolioViewName } from '../../../../shared/portfolio';
import { COLLECTION_LABELS } from '../../../../shared/labels';
import { errorMessage, unwrap } from '../../lib/call';
import type { PortfolioTab } from '../../router/routes';
import { useNavigate } from '../../router/use-route';
import { formatAsOf } from './format-cell';
import { PortfolioTable } from './portfolio-table';
import { SyncPanel } from './sync-panel';
import { useSyncStatus } from './use-sync';

export const TAB_LABELS: Record<PortfolioTab, string> = {
  'rent-roll': 'Rent roll',
  expirations: 'Expirations',
  vacancy: 'Vacancy',
  delinquency: 'Delinquency',
  maintenance: 'Maintenance',
  sync: 'Offline copy',
};

function ViewTab({ view, onSync }: { view: PortfolioViewName; onSync: () => void }) {
  const table = useQuery({
    queryKey: ['portfolio', view],
    queryFn: () => unwrap(window.propdesk.portfolio.view({ view })),
    staleTime: 60_000,
  });
  const exporting = useMutation({ mutationFn: () => unwrap(window.propdesk.portfolio.export({ view })) });
  if (table.isPending) return <p className="muted pf-loading">Computing…</p>;
  if (table.isError)
    return (
      <p className="alert" role="alert">
        {errorMessage(table.error)}
      </p>
    );
  const t = table.data;
  if (t.missing.length) {
    return (
      <div className="empty">
        <h2>No offline copy to compute this from yet</h2>
        <p>
          This view needs {t.missing.map((c) => COLLECTION_LABELS[c].toLowerCase()).join(', ')}. Sync once
          while online; after that it works without the service too.
        </p>
        <button type="button" className="btn primary" onClick={onSync}>
          <CloudDownload size={14} aria-hidden /> Go to the offline copy
        </button>
      </div>
    );
  }
  return (
    <>
      <div className="pf-viewbar">
        <h2>{t.title}</h2>
        <span className="muted">
          From the offline copy as of {t.asOf ? formatAsOf(t.asOf) : '—'} · ages counted from {t.today}
        </span>
        <span className="spacer" />
        {exporting.data?.saved ? (
          <span className="muted" role="status">
            Saved {exporting.data.rows?.toLocaleString()} rows to {exporting.data.path}
          </span>
        ) : null}
        {exporting.isError ? (
          <span className="danger" role="alert">
            {errorMessage(exporting.error)}
          </span>
        ) : null}
        <button
          type="button"
          className="btn"
          onClick={() => exporting.mutate()}
          disabled={exporting.isPending}
        >
          <Download size={14} aria-hidden /> Export CSV
        </button>
      </div>
      <PortfolioTable key={`${view}-${t.asOf ?? ''}`} table={t} />
    </>
  );
}

export function PortfolioView({ tab }: { tab: PortfolioTab }) {
  const navigate = useNavigate();
  const sync = useSyncStatus();
  const running = sync.data?.state === 'running';
  const tabs: PortfolioTab[] = [...PORTFOLIO_VIEWS, 'sync'];
  return (
    <div className="pf-page">
      <header className="toolbar">
        <h1>Portfolio</h1>
        <span className="muted" role="status">
          {running ? `Syncing… ${Math.round((sync.data?.progress ?? 0) * 100)}%` : ''}
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
            {t === tab ? (
              t === 'sync' ? (
                <SyncPanel />
              ) : (
                <ViewTab view={t} onSync={() => navigate({ view: 'portfolio', tab: 'sync' })} />
              )
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
