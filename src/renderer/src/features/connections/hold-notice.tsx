// A wait of more than ten minutes the service asked for on one kind of request, said with its end time
// and a "Try now" that asks again at once, instead of waiting silently. The status bar shows one per
// kind held, the offline copy screen the collections', a draft its submission's.
import type { RequestKind } from '../../../../shared/request-kind';
import { holdWords } from '../../../../shared/service-pace';
import { errorMessage } from '../../lib/call';
import { useTryNow } from './use-connections-api';

export function HoldNotice({ kind, until }: { kind: RequestKind; until: string }) {
  const tryNow = useTryNow();
  const words = `${holdWords(kind, until)}.`;
  return (
    <span className="hold-note" role="status">
      <span className="hold-text" title={words}>
        {words}
      </span>
      <button
        type="button"
        className="btn hold-try"
        title="Asks the service again now; if it still asks PropDesk to wait, PropDesk waits again."
        disabled={tryNow.isPending}
        onClick={() => tryNow.mutate(kind)}
      >
        Try now
      </button>
      {tryNow.isError ? <span className="hold-error">{errorMessage(tryNow.error)}</span> : null}
    </span>
  );
}
