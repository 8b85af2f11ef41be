// Routes /api/v1 requests: the contract (no auth), collections, single records and proposals.
// Only GET and (for proposals) POST exist; PUT, PATCH and DELETE answer 405 on every API route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, isCollection } from '../../shared/service';
import type { KeyRing } from '../auth';
import type { SandboxCore } from '../core';
import { ApiError } from '../http/api-error';
import type { ConditionalAnswers } from '../http/conditional-answers';
import { sendJson, sendJsonText } from '../http/respond';
import { getRecord, listCollection } from './list-collection';
import { listProposals, submitProposals } from './proposals';

export interface ApiContext {
  core: SandboxCore;
  keys: KeyRing;
  origin: string;
  openapiJson: () => string;
  /** Present only with --etags: records and listings carry an ETag, and an unchanged one answers 304. */
  conditional?: ConditionalAnswers | undefined;
}

const methodNotAllowed = (allow: string): ApiError =>
  new ApiError(
    405,
    'method_not_allowed',
    `This endpoint accepts ${allow} only. The API cannot change records; it can only read and suggest.`,
    undefined,
    { Allow: allow },
  );

const unknownRoute = (): ApiError =>
  new ApiError(404, 'not_found', 'There is no such endpoint. See /api/v1/openapi.json.');

export async function routeApi(
  ctx: ApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  const method = req.method ?? 'GET';
  const rest = path.slice(API_PREFIX.length + 1);
  const segments = rest.split('/');
  if (rest === 'openapi.json') {
    if (method !== 'GET') throw methodNotAllowed('GET');
    return sendJsonText(res, 200, ctx.openapiJson());
  }
  if (rest === 'proposals') {
    if (method !== 'GET' && method !== 'POST') throw methodNotAllowed('GET, POST');
    const key = ctx.keys.authenticate(req);
    if (method === 'GET') return sendJson(res, 200, listProposals(ctx.core, key, query));
    const answer = await submitProposals(ctx.core, key, req, ctx.origin);
    return sendJsonText(res, answer.status, answer.body);
  }
  const [collection, id, ...extra] = segments;
  if (!isCollection(collection) || extra.length > 0 || id === '') throw unknownRoute();
  if (method !== 'GET') throw methodNotAllowed('GET');
  const key = ctx.keys.authenticate(req);
  const answer = (value: unknown) =>
    ctx.conditional ? ctx.conditional.send(req, res, value) : sendJson(res, 200, value);
  if (id === undefined) return answer(listCollection(ctx.core, key, collection, query));
  if ([...query.keys()].length > 0)
    throw new ApiError(400, 'invalid_request', 'A single-record request takes no query parameters.', {
      allowed: [],
    });
  return answer(getRecord(ctx.core, key, collection, decodeURIComponent(id)));
}
