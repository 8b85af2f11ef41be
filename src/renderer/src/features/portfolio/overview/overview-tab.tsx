// The portfolio overview: five charts computed in main from the offline copy (expirations, occupancy,
// rent against market, delinquency aging, open maintenance), each with its data table, each bar
// leading to its rows in the matching view.
import { Alert } from '../../../ui/alert';
import '../../../styles/overview.css';
import { errorMessage } from '../../../lib/call';
import { AsOfLine } from '../as-of-line';
import { NoCopyYet } from '../../offline-copy/no-copy-yet';
import { SavePdfButton } from '../save-pdf-button';
import { usePortfolioOverview } from '../use-portfolio-api';
import { AgingCard } from './aging-card';
import { LadderCard } from './ladder-card';
import { MaintenanceCard } from './maintenance-card';
import { OccupancyCard } from './occupancy-card';
import { RentGapCard } from './rent-gap-card';

export function OverviewTab({ onOfflineCopy }: { onOfflineCopy: () => void }) {
  const overview = usePortfolioOverview();
  if (overview.isPending) return <p className="muted pf-loading">Computing…</p>;
  if (overview.isError) return <Alert>{errorMessage(overview.error)}</Alert>;
  const o = overview.data;
  const charts = [o.ladder, o.occupancy, o.rentGap, o.aging, o.maintenance];
  if (charts.every((c) => c.missing.length))
    return (
      <NoCopyYet
        what={{
          heading: 'No offline copy to draw the overview from yet',
          subject: 'The charts need',
          works: 'they work',
        }}
        missing={o.missing}
        onOfflineCopy={onOfflineCopy}
      />
    );
  return (
    <div className="ov-page">
      <div className="pf-viewbar">
        <h2>Overview</h2>
        <AsOfLine asOf={o.asOf} today={o.today} />
        <span className="spacer" />
        <SavePdfButton view="overview" />
      </div>
      {o.notes.length ? <p className="muted">{o.notes.join(' ')}</p> : null}
      <div className="ov-grid">
        <LadderCard ladder={o.ladder} />
        <OccupancyCard occupancy={o.occupancy} />
        <RentGapCard gap={o.rentGap} />
        <AgingCard aging={o.aging} />
        <MaintenanceCard maintenance={o.maintenance} />
      </div>
    </div>
  );
}
