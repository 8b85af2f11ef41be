// Review-page sessions: a random session cookie (HttpOnly, SameSite=Strict) carrying a per-session
// CSRF token kept server-side, the chosen demo identity per organisation (its own cookie), and
// the checks every form post must pass (an Origin of the sandbox's own, known session, matching token).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HostAllowList } from '../http/host-allow-list';
import { type PersonaRole, isPersonaRole } from '../personas';

export const SESSION_COOKIE = 'pd_review_session';
const personaCookie = (org: string) => `pd_persona_${org}`;
const ATTRIBUTES = 'Path=/app; HttpOnly; SameSite=Strict';

export interface ReviewSession {
  id: string;
  csrf: string;
  flash: { kind: 'ok' | 'error'; text: string } | undefined;
}

export function parseCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

export class SessionStore {
  private readonly sessions = new Map<string, ReviewSession>();

  find(req: IncomingMessage): ReviewSession | undefined {
    const id = parseCookies(req)[SESSION_COOKIE];
    return id ? this.sessions.get(id) : undefined;
  }

  /** The request's session, or a new one with the Set-Cookie header that starts it. */
  ensure(req: IncomingMessage): { session: ReviewSession; setCookie?: string } {
    const found = this.find(req);
    if (found) return { session: found };
    if (this.sessions.size > 5000) this.sessions.clear();
    const session: ReviewSession = {
      id: randomBytes(24).toString('base64url'),
      csrf: randomBytes(24).toString('base64url'),
      flash: undefined,
    };
    this.sessions.set(session.id, session);
    return { session, setCookie: `${SESSION_COOKIE}=${session.id}; ${ATTRIBUTES}` };
  }
}

export function personaOf(req: IncomingMessage, org: string): PersonaRole | undefined {
  const value = parseCookies(req)[personaCookie(org)];
  return isPersonaRole(value) ? value : undefined;
}

export function personaCookieHeader(org: string, role: PersonaRole): string {
  return `${personaCookie(org)}=${role}; ${ATTRIBUTES}; Max-Age=2592000`;
}

/** Why a form post is refused, or undefined when it is a same-origin post of a live session. */
export function refuseCrossSite(
  req: IncomingMessage,
  session: ReviewSession | undefined,
  token: string | null,
  hosts: HostAllowList,
): string | undefined {
  const origin = req.headers.origin;
  // Origin is compared with the server's own names, never with the request's Host: a rebound page
  // sends its own name in both.
  if (origin === undefined) {
    if (req.headers['sec-fetch-site'] !== 'same-origin')
      return 'The request did not say where it came from (no Origin header).';
  } else if (!hosts.allowsOrigin(origin)) return 'The form was sent from another site.';
  if (req.headers['sec-fetch-site'] !== undefined && req.headers['sec-fetch-site'] !== 'same-origin')
    return 'The form was sent from another site.';
  if (!session) return 'Your review session has ended; reload the page and try again.';
  const a = Buffer.from(token ?? '');
  const b = Buffer.from(session.csrf);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    return 'The form token is missing or wrong; reload the page and try again.';
  return undefined;
}
