// The flags the service put on one suggestion, whatever their shape, each as a line of words with a
// warning or information mark: on a tracked suggestion, and on "Sent for review" as soon as the
// service recorded the batch.
import { AlertTriangle, Info } from 'lucide-react';
import { describeFlag } from './describe-flag';
import { useFieldFormat } from './use-field-format';

export function ProposalFlags({ flags, resourceType }: { flags: unknown[]; resourceType: string }) {
  const formatValue = useFieldFormat(resourceType);
  if (flags.length === 0) return null;
  const numbers = (key: string | null, value: number) => (key ? formatValue(key, value) : String(value));
  return (
    <ul className="suggestions-flags" aria-label="Flags">
      {flags.map((flag, i) => {
        const view = describeFlag(flag, numbers);
        const Icon = view.tone === 'warning' ? AlertTriangle : Info;
        return (
          <li key={i} className={`suggestions-flag tone-${view.tone}`}>
            <Icon size={13} aria-hidden />
            <span>
              {view.text}
              {view.details.length ? <span className="muted"> — {view.details.join(' · ')}</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
