// The status bar's outbox: how many submissions wait to be sent or for their outcome, and whether
// they wait because PropDesk is offline or because main holds them for another server. Counted from
// the drafts list, kept current by main's outbox.changed events, and recounted whenever a draft
// changes (a cancel, a settled submission, a connection moved).
import { Send } from 'lucide-react';
import { formatRoute } from '../../router/routes';
import type { Reach } from '../connections/use-reach';
import { useOutbox } from './use-drafts-api';

export function OutboxIndicator({ reach }: { reach: Reach }) {
  const outbox = useOutbox();
  const waiting = outbox.data?.waiting ?? 0;
  const held = outbox.data?.held ?? 0;
  if (waiting === 0) return null;
  return (
    <a className="outbox" href={formatRoute({ view: 'drafts' })}>
      <Send size={12} aria-hidden />
      {waiting.toLocaleString()} submission{waiting === 1 ? '' : 's'} waiting
      {held > 0
        ? ` — ${held.toLocaleString()} held for another server`
        : reach.online === false
          ? ` — ${reach.short === 'Offline' ? 'offline' : reach.short}`
          : ' — sending'}
    </a>
  );
}
