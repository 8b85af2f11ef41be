// Opens a tracked batch's review page in the browser. The renderer names a batch, never a URL: the
// stored reviewUrl is checked by decideReviewLink, a new origin is put to the user in main's own
// message box (and, once trusted, remembered for the connection), and only the re-serialised,
// approved URL is handed to the shell. The renderer cannot trust an origin: it only hears the outcome.
import { assertNever } from '../../shared/app-error';
import type { Confirmation, ConfirmWithUser } from '../confirmation';
import type { ConnectionRow } from '../store/connection-repo';
import type { SuggestionsRepository } from '../store/suggestions-repo';
import { decideReviewLink } from '../review/review-link';
import type { ReviewLinkDecision } from '../review/review-link';
import { UserError } from '../base/user-error';

export interface ReviewOpenerOptions {
  repo: SuggestionsRepository;
  active: () => ConnectionRow;
  /** The API's own address for the connection (the demo's changes every run), or null. */
  apiBaseUrl: (connection: ConnectionRow) => Promise<string | null>;
  openApprovedLink: (decision: Extract<ReviewLinkDecision, { kind: 'open' }>) => Promise<void>;
  /** Main's message box: asked before an origin not yet trusted for the connection is opened. */
  confirm: ConfirmWithUser;
}

export type ReviewOpenResult =
  | { outcome: 'opened'; origin: string }
  /** The user chose not to trust the origin: nothing was opened and nothing remembered. */
  | { outcome: 'declined'; origin: string };

/** The question for an origin the connection does not trust yet. */
export function trustQuestion(origin: string, connectionName: string): Confirmation {
  return {
    title: 'Open a review page',
    message: `Open a review page on ${origin}?`,
    detail: `The service gave a review address on ${origin}, which is not the address of “${connectionName}”. If you recognise it as your service's web app, PropDesk opens it in your browser and trusts it for this connection from now on. If you don't, nothing is opened.`,
    confirm: 'Trust and open',
    cancel: 'Don’t open',
  };
}

function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const LOOPBACK_HTTP = /^http:\/\/127\.0\.0\.1:\d{1,5}(?=[/?#])/;

/**
 * The demo service runs on this computer on a new port each time PropDesk starts, and keeps its
 * batches across restarts: a review address it gave in an earlier run points at the old port. Only
 * then, and only from loopback to loopback, is the address moved to the demo's current port.
 */
function onCurrentDemoPort(address: string, apiOrigin: string | null): string {
  if (!apiOrigin || !LOOPBACK_HTTP.test(`${apiOrigin}/`) || !LOOPBACK_HTTP.test(address)) return address;
  return address.replace(LOOPBACK_HTTP, apiOrigin);
}

export class ReviewOpener {
  constructor(private readonly options: ReviewOpenerOptions) {}

  async open(batchId: string): Promise<ReviewOpenResult> {
    const connection = this.options.active();
    const batch = this.options.repo.batch(connection.id, batchId);
    if (!batch)
      throw new UserError('not_found', 'That batch of suggestions is not tracked for this connection.');
    if (!batch.reviewUrl) {
      throw new UserError(
        'no_review_link',
        'PropDesk has no review address for this batch (it was made outside PropDesk). Open the “API & Automation” section of the service to review it.',
      );
    }
    const apiOrigin = originOf(await this.options.apiBaseUrl(connection).catch(() => null));
    const trustedOrigins = [apiOrigin, originOf(connection.webOrigin)].filter((o): o is string => !!o);
    const address =
      connection.kind === 'demo' ? onCurrentDemoPort(batch.reviewUrl, apiOrigin) : batch.reviewUrl;
    const decision = decideReviewLink(address, {
      trustedOrigins,
      confirmedOrigins: this.options.repo.confirmedOrigins(connection.id),
      batchId,
    });
    switch (decision.kind) {
      case 'refuse':
        throw new UserError(
          'review_link_refused',
          `PropDesk did not open the review page. ${decision.reason}`,
        );
      case 'confirm':
        if (!(await this.options.confirm(trustQuestion(decision.origin, connection.name))))
          return { outcome: 'declined', origin: decision.origin };
        this.options.repo.trustOrigin(connection.id, decision.origin);
        await this.options.openApprovedLink({ kind: 'open', url: decision.url });
        return { outcome: 'opened', origin: decision.origin };
      case 'open':
        await this.options.openApprovedLink(decision);
        return { outcome: 'opened', origin: new URL(decision.url).origin };
      default:
        return assertNever(decision, 'review link decision');
    }
  }
}
