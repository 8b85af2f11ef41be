// The status bar's word on the offline copy: sync progress while one runs, else how old the copy is.
import { formatAsOf } from './format-cell';
import { oldestAsOf, useSyncStatus } from './use-portfolio-api';

export function SyncIndicator() {
  const { data } = useSyncStatus();
  if (!data) return null;
  if (data.state === 'running')
    return <a href="#/portfolio/sync">Syncing offline copy… {Math.round(data.progress * 100)}%</a>;
  const asOf = oldestAsOf(data);
  if (!asOf) return null;
  return <a href="#/portfolio/sync">Offline copy as of {formatAsOf(asOf)}</a>;
}
