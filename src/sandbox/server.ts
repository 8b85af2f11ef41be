// The HTTP server: API requests pass through request counting, rate limit, latency and fault
// injection; the review page, the colleague (when started with it) and the contract are exempt from
// faults and rate limits, so a flaky API can still be reviewed and its contract always fetched.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { API_PREFIX } from '../shared/service';
import { routeApi, type ApiContext } from './api/router';
import type { ColleagueDesk } from './colleague/colleague-desk';
import { ApiError } from './http/api-error';
import { sendError } from './http/respond';
import type { FaultInjector } from './faults';
import type { HostAllowList } from './http/host-allow-list';
import type { RateLimiter } from './rate-limit';
import type { ReviewPage } from './review-page/review-routes';

export interface ServerParts {
  api: ApiContext;
  hosts: HostAllowList;
  review: ReviewPage;
  /** Present only with --colleague; it takes only requests from this computer. */
  colleague: ColleagueDesk | undefined;
  faults: FaultInjector | undefined;
  rateLimiter: RateLimiter | undefined;
  latencyMs: number;
  /** Waits out the added latency. */
  sleep: (ms: number) => Promise<void>;
  onApiRequest: () => void;
  /** A request refused as over the rate limit (429). */
  onLimited: () => void;
}

async function handle(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
    parts.onApiRequest();
    const contract = path === `${API_PREFIX}/openapi.json`;
    if (parts.rateLimiter && !contract) {
      const wait = parts.rateLimiter.check(req.headers.authorization ?? 'anonymous');
      if (wait !== undefined) {
        parts.onLimited();
        throw new ApiError(
          429,
          'rate_limited',
          `Too many requests for this API key; retry after ${wait} s.`,
          { retryAfterSeconds: wait },
          { 'Retry-After': String(wait) },
        );
      }
    }
    if (parts.latencyMs > 0) await parts.sleep(parts.latencyMs);
    const fault = contract ? undefined : parts.faults?.next();
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      const code =
        fault.status === 500
          ? 'internal_error'
          : fault.status === 502
            ? 'bad_gateway'
            : 'service_unavailable';
      throw new ApiError(
        fault.status,
        code,
        'The service had a temporary problem (injected by the sandbox). Retry later.',
      );
    }
    return routeApi(parts.api, req, res, path, query);
  }
  if (path === '/app/automation' || path.startsWith('/app/automation/'))
    return parts.review.handle(req, res, path, query);
  if (parts.colleague?.accepts(req, path)) return parts.colleague.handle(req, res, path, query);
  if (path === '/' || path === '/app' || path === '/app/') {
    res.writeHead(303, { Location: '/app/automation', 'Content-Length': 0 });
    res.end();
    return;
  }
  throw new ApiError(404, 'not_found', 'There is no such page.');
}

/** A request addressed to another name (a rebound page, a mistyped proxy): nothing is served. */
function misdirected(res: ServerResponse): void {
  const body = 'Misdirected request: this server answers only to its own address.\n';
  res.writeHead(421, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(body);
}

export function createSandboxServer(parts: ServerParts): Server {
  return createServer((req, res) => {
    if (!parts.hosts.allows(req.headers.host)) return misdirected(res);
    handle(parts, req, res).catch((error: unknown) => {
      if (res.headersSent || req.socket.destroyed) return;
      if (error instanceof ApiError) return sendError(res, error);
      console.error('[sandbox] unexpected error', error);
      sendError(res, new ApiError(500, 'internal_error', 'Unexpected error in the sandbox.'));
    });
  });
}
