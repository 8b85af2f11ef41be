// The status bar's outbox: how many submissions wait to be sent or for their outcome, and whether
// they wait because PropDesk is offline or because main holds them for another server. Counted from
// the drafts list, kept current by main's outbox.changed events, and recounted whenever a draft
// changes (a cancel, a settled submission, a connection moved).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { unwrap } from '../../lib/call';
import { useBridgeEvent } from '../../lib/use-bridge-event';
import { formatRoute } from '../../router/routes';

const OUTBOX_KEY = ['outbox'] as const;

export function OutboxIndicator({ online }: { online: boolean | undefined }) {
  const client = useQueryClient();
  const outbox = useQuery({
    queryKey: OUTBOX_KEY,
    queryFn: async () => {
      const { drafts } = await unwrap(window.propdesk.drafts.list());
      const open = drafts.filter((d) => d.state === 'submitting');
      return { waiting: open.length, held: open.filter((d) => d.submission?.held).length };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  useBridgeEvent('outbox.changed', ({ waiting }) =>
    client.setQueryData(OUTBOX_KEY, (known: { held: number } | undefined) => ({
      waiting,
      held: known?.held ?? 0,
    })),
  );
  useBridgeEvent('drafts.changed', () => void client.invalidateQueries({ queryKey: OUTBOX_KEY }));
  const waiting = outbox.data?.waiting ?? 0;
  const held = outbox.data?.held ?? 0;
  if (waiting === 0) return null;
  return (
    <a className="outbox" href={formatRoute({ view: 'drafts' })}>
      <Send size={12} aria-hidden />
      {waiting.toLocaleString()} submission{waiting === 1 ? '' : 's'} waiting
      {held > 0
        ? ` — ${held.toLocaleString()} held for another server`
        : online === false
          ? ' — offline'
          : ' — sending'}
    </a>
  );
}
