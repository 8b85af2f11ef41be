// The result of "Test connection": which collections this key may read.
import { CheckCircle2, CircleSlash, AlertTriangle } from 'lucide-react';
import type { z } from 'zod';
import type { scopeCheckSchema } from '../../../../shared/ipc';
import { fieldWords } from '../../../../shared/contract';

type ScopeCheck = z.infer<typeof scopeCheckSchema>;

const OUTCOME = {
  readable: { icon: CheckCircle2, text: 'Readable', className: 'ok' },
  not_allowed: { icon: CircleSlash, text: 'Not allowed', className: 'muted' },
  error: { icon: AlertTriangle, text: 'Error', className: 'danger' },
} as const;

export function ScopeMatrix({ checks }: { checks: ScopeCheck[] }) {
  return (
    <table className="grid scope-matrix" aria-label="What this key may read">
      <thead>
        <tr>
          <th scope="col">Records</th>
          <th scope="col">Scope needed</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {checks.map((c) => {
          const o = OUTCOME[c.outcome];
          return (
            <tr key={c.target}>
              <td>{c.target === 'proposals' ? 'Suggestions' : fieldWords(c.target)}</td>
              <td className="mono">{c.scope}</td>
              <td className={o.className} title={c.message}>
                <o.icon size={13} aria-hidden /> {o.text}
                {c.outcome === 'error' && c.message ? <span className="muted"> — {c.message}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
