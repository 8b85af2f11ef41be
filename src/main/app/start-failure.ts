// What PropDesk says when it cannot start. The store's own words (which database, why, what to do)
// are shown as they are; anything else is redacted, since its text may hold internals, and says what
// to try.
import { redactText } from '../log/redact';
import { StoreOpenError } from '../store/open-store';

export function startFailureWords(error: unknown): string {
  if (error instanceof StoreOpenError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `PropDesk could not start (${redactText(detail).slice(0, 300)}). Start it again; if this keeps happening, restart the computer, and if that does not help, send the log in PropDesk's data folder to support.`;
}
