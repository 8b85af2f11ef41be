// On "Sent for review": the flags the service put on the suggestions as it recorded them ("Rent rises
// by 929.9 %"), shown at once rather than only later in Suggestions. Read from the batch main recorded
// from the service's answer; any shape of flag is shown as words, none dropped.
import { AlertTriangle } from 'lucide-react';
import { ProposalFlags } from './proposal-flags';
import { useSuggestionsState } from './use-suggestions-api';

export function SentFlags({ batchId }: { batchId: string }) {
  const batch = useSuggestionsState().data?.batches.find((b) => b.batchId === batchId);
  const flagged = (batch?.proposals ?? []).filter((p) => p.flags.length > 0);
  if (flagged.length === 0) return null;
  return (
    <section className="sent-flags" aria-label="The service’s flags">
      <p>
        <AlertTriangle size={14} aria-hidden /> The service flagged{' '}
        {flagged.length === 1 ? 'one suggestion' : `${flagged.length} suggestions`} for its reviewer:
      </p>
      <ul>
        {flagged.map((p) => (
          <li key={p.id}>
            {p.resourceLabel ?? p.summary}
            <ProposalFlags flags={p.flags} resourceType={p.resourceType} />
          </li>
        ))}
      </ul>
    </section>
  );
}
