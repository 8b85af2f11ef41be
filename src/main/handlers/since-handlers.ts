// The handlers of "since you last looked" (since.*): the digest, the records behind one of its lines,
// and "Mark as seen".
import type { DomainHandlers } from '../ipc/dispatch';
import type { SinceService } from '../since/since-service';

export function createSinceHandlers(since: SinceService): DomainHandlers<'since'> {
  return {
    'since.digest': async () => since.digest(),
    'since.records': async ({ kind, offset, limit }) => since.records(kind, offset, limit),
    'since.seen': async ({ upTo }) => since.seen(upTo),
  };
}
