// Decides whether a stored reviewUrl may be opened in the browser. The renderer never sends a URL;
// main checks the one the service returned: http(s) only (plain http only on this computer), no
// credentials, no control characters, the batch it belongs to, and an origin trusted for the
// connection. A new origin is shown to the user to confirm once; everything else is refused.
import { isLoopbackHostname } from '../../shared/service-address';

export type ReviewLinkDecision =
  | { kind: 'open'; url: string }
  | { kind: 'confirm'; url: string; origin: string }
  | { kind: 'refuse'; reason: string };

export interface ReviewLinkPolicy {
  /** Origins trusted for this connection: the API's own and the configured web app's. */
  trustedOrigins: string[];
  /** Origins the user has already confirmed for this connection. */
  confirmedOrigins: string[];
  batchId: string;
}

export const MAX_REVIEW_URL_LENGTH = 2048;

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export function decideReviewLink(raw: unknown, policy: ReviewLinkPolicy): ReviewLinkDecision {
  if (typeof raw !== 'string' || raw.length === 0)
    return { kind: 'refuse', reason: 'The service gave no review address.' };
  if (raw.length > MAX_REVIEW_URL_LENGTH)
    return { kind: 'refuse', reason: 'The review address is too long to be genuine.' };
  // WHATWG parsing strips tabs and newlines silently; a genuine address has none, nor spaces or backslashes.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw))
    return { kind: 'refuse', reason: 'The review address contains characters a web address cannot have.' };
  if (/[^\x21-\x7e]/.test(raw))
    return {
      kind: 'refuse',
      reason: 'The review address contains non-ASCII characters, which can disguise a look-alike site.',
    };
  // Only the plain form scheme://host… ; forms the parser would repair (https:host, https:/host,
  // an empty user@) are not what a genuine service sends.
  const authority = /^https?:\/\/([^/?#]*)/i.exec(raw)?.[1];
  if (authority === undefined || authority === '')
    return { kind: 'refuse', reason: 'The review address is not a plain web address.' };
  if (authority.includes('@'))
    return { kind: 'refuse', reason: 'The review address carries a user name or password.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refuse', reason: 'The review address is not a valid web address.' };
  }
  // The parser rewrites some hosts (2130706433 becomes 127.0.0.1, full-width letters become ASCII):
  // an address whose host was rewritten is not opened.
  if (authority.toLowerCase().replace(/:\d*$/, '') !== url.hostname)
    return { kind: 'refuse', reason: 'The review address hides its real host.' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { kind: 'refuse', reason: `PropDesk opens only web pages, not ${url.protocol} addresses.` };
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    return {
      kind: 'refuse',
      reason:
        'The review address is not encrypted (http). PropDesk opens plain http only for a service on this computer.',
    };
  }
  if (url.username || url.password)
    return { kind: 'refuse', reason: 'The review address carries a user name or password.' };
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    return {
      kind: 'refuse',
      reason: 'The review address uses an international domain name, which can disguise a look-alike site.',
    };
  }
  if (url.searchParams.get('batch') !== policy.batchId)
    return { kind: 'refuse', reason: 'The review address does not point at this batch.' };
  const href = url.href;
  const trusted = policy.trustedOrigins.map(originOf).filter((o): o is string => !!o);
  if (trusted.includes(url.origin) || policy.confirmedOrigins.includes(url.origin))
    return { kind: 'open', url: href };
  return { kind: 'confirm', url: href, origin: url.origin };
}
