// The result of "Test connection": which collections this key may read, and what is known of what it
// may suggest. Suggesting cannot be tried without sending a suggestion, so those rows say "Not
// checked" (never a green tick) unless the service refused suggestions of that type before.
import { CheckCircle2, CircleSlash, AlertTriangle, CircleHelp, Ban } from 'lucide-react';
import type { z } from 'zod';
import type { scopeCheckSchema } from '../../../../shared/ipc';
import { fieldWords } from '../../../../shared/contract';

type ScopeCheck = z.infer<typeof scopeCheckSchema>;

const OUTCOME = {
  readable: { icon: CheckCircle2, text: 'Readable', className: 'ok' },
  not_allowed: { icon: CircleSlash, text: 'Not allowed', className: 'muted' },
  error: { icon: AlertTriangle, text: 'Error', className: 'danger' },
  untested: { icon: CircleHelp, text: 'Not checked', className: 'muted' },
  refused: { icon: Ban, text: 'Refused', className: 'danger' },
} as const;

function Rows({ checks }: { checks: ScopeCheck[] }) {
  return (
    <tbody>
      {checks.map((c) => {
        const o = OUTCOME[c.outcome];
        const said = c.outcome === 'error' || c.outcome === 'refused';
        return (
          <tr key={c.target}>
            <td>{c.target === 'proposals' ? 'Suggestions' : fieldWords(c.target)}</td>
            <td className="mono">{c.scope}</td>
            <td className={o.className} title={c.message}>
              <o.icon size={13} aria-hidden /> {o.text}
              {said && c.message ? <span className="muted"> — {c.message}</span> : null}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** One table of checks: what the key may read, or what is known of what it may suggest. */
function ScopeTable({ label, column, checks }: { label: string; column: string; checks: ScopeCheck[] }) {
  return (
    <table className="grid scope-matrix" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Records</th>
          <th scope="col">Scope needed</th>
          <th scope="col">{column}</th>
        </tr>
      </thead>
      <Rows checks={checks} />
    </table>
  );
}

export function ScopeMatrix({ checks }: { checks: ScopeCheck[] }) {
  const suggesting = checks.filter((c) => c.suggesting);
  return (
    <>
      <ScopeTable
        label="What this key may read"
        column="Reading"
        checks={checks.filter((c) => !c.suggesting)}
      />
      {suggesting.length ? (
        <>
          <p className="muted small">
            Suggesting: the service offers no way to test this without sending a suggestion, so it is not
            checked here. A refusal the service gave before is shown until a suggestion of that kind is
            accepted or the key changes.
          </p>
          <ScopeTable label="What this key may suggest" column="Suggesting" checks={suggesting} />
        </>
      ) : null}
    </>
  );
}
