// On the demo organisation's card: how long its suggestions wait for review before they expire, so
// expiry can be seen without waiting the service's week. Choosing starts the demo service again; what
// it holds stays.
import { errorMessage } from '../../lib/call';
import { useDemoExpiry } from './use-connections-api';

const CHOICES: Array<{ seconds: number | null; text: string }> = [
  { seconds: null, text: 'a week (as the service does)' },
  { seconds: 86_400, text: 'a day' },
  { seconds: 3_600, text: 'an hour' },
  { seconds: 600, text: '10 minutes' },
];

export function DemoExpiryChoice() {
  const { current, set } = useDemoExpiry();
  const value = set.isPending ? undefined : (current.data?.seconds ?? null);
  return (
    <div className="demo-expiry">
      <label>
        Demo suggestions expire after{' '}
        <select
          className="input"
          value={value === undefined ? '' : String(value)}
          disabled={set.isPending || !current.data}
          onChange={(e) => set.mutate(e.target.value === 'null' ? null : Number(e.target.value))}
        >
          {value === undefined ? <option value="">Starting again…</option> : null}
          {CHOICES.map((c) => (
            <option key={String(c.seconds)} value={String(c.seconds)}>
              {c.text}
            </option>
          ))}
        </select>
      </label>
      <span className="muted small">
        {' '}
        Applies to suggestions made from now on; the demo service starts again.
      </span>
      {set.error ? <span className="field-error">{errorMessage(set.error)}</span> : null}
    </div>
  );
}
