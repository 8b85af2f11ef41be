// Notices from main that the user must see once: a damaged database that was moved aside, or a new
// version of the service's contract that makes some drafts invalid.
import { AlertTriangle, X } from 'lucide-react';
import { useState } from 'react';
import type { EventPayload } from '../../../shared/ipc';
import { useAppInfo } from './use-shell-api';
import { useContractChanged } from '../features/contract/use-contract-api';

interface Notice {
  id: string;
  message: string;
  link?: { href: string; text: string };
}

function contractNotice(payload: EventPayload<'contract.changed'>): Notice | undefined {
  const drafts = payload.invalidDrafts;
  if (drafts.length === 0) return undefined;
  const names = drafts
    .slice(0, 3)
    .map((d) => `“${d.label}” (${d.firstProblem})`)
    .join('; ');
  const more = drafts.length > 3 ? ` and ${drafts.length - 3} more` : '';
  return {
    id: `contract-${payload.connectionId}-${drafts.map((d) => d.id).join(',')}`,
    message: `The service changed the fields it accepts, so ${drafts.length === 1 ? 'a draft no longer passes' : `${drafts.length} drafts no longer pass`} its checks: ${names}${more}. Nothing was sent; fix ${drafts.length === 1 ? 'it' : 'them'} before submitting.`,
    link: { href: '#/drafts', text: 'Open drafts' },
  };
}

export function Notices() {
  const info = useAppInfo();
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [live, setLive] = useState<Notice[]>([]);
  useContractChanged((payload) => {
    const notice = contractNotice(payload);
    if (notice) setLive((list) => [...list.filter((n) => n.id !== notice.id), notice]);
  });
  const visible = [...(info.data?.notices ?? []), ...live].filter((n) => !dismissed.includes(n.id));
  if (!visible.length) return null;
  return (
    <div className="notices">
      {visible.map((n: Notice) => (
        <div key={n.id} className="alert" role="alert">
          <AlertTriangle size={16} aria-hidden />
          <div style={{ flex: 1 }}>
            {n.message}
            {n.link ? (
              <>
                {' '}
                <a href={n.link.href}>{n.link.text}</a>
              </>
            ) : null}
          </div>
          <button
            type="button"
            className="btn icon"
            aria-label="Dismiss"
            onClick={() => setDismissed((d) => [...d, n.id])}
          >
            <X size={12} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
