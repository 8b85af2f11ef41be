// The sidebar's count of suggestions still waiting for a person; hidden when none are.
import { useSuggestionsState } from './use-suggestions-api';

export function PendingBadge() {
  const state = useSuggestionsState();
  const pending = state.data?.counts.proposed ?? 0;
  if (pending === 0) return null;
  return (
    <span className="nav-badge">
      <span aria-hidden>{pending.toLocaleString()}</span>
      <span className="visually-hidden"> {pending.toLocaleString()} waiting for review</span>
    </span>
  );
}
