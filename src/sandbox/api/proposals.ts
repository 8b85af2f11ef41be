// POST /api/v1/proposals (record a suggestion, idempotently) and GET /api/v1/proposals (status).
import type { IncomingMessage } from 'node:http';
import { PROPOSALS_READ_SCOPE, PROPOSAL_STATUSES } from '../../shared/service';
import { requireScope } from '../auth';
import type { SandboxCore } from '../core';
import { type FilterRule, parseListQuery } from '../filters';
import { ApiError, invalid } from '../http/api-error';
import { parseJson, requireJson } from '../http/json-body';
import { readBody } from '../http/read-body';
import { MAX_IDEMPOTENCY_KEY_LENGTH, fingerprint } from '../idempotency';
import type { ApiKey } from '../keys';
import { readPage } from '../paging';
import { proposalListView, type ProposalEntry } from '../proposals/model';
import { recordSuggestion } from '../proposals/record-suggestion';
import { validateSuggestion } from '../proposals/validate';

export const PROPOSAL_FILTER_RULES: Record<string, FilterRule> = {
  status: { kind: 'enum', values: PROPOSAL_STATUSES },
  batchId: { kind: 'id' },
};

export function listProposals(core: SandboxCore, key: ApiKey, query: URLSearchParams): unknown {
  requireScope(key, PROPOSALS_READ_SCOPE);
  core.expire();
  const parsed = parseListQuery(query, PROPOSAL_FILTER_RULES);
  const binding = { listing: 'proposals', organisation: key.organisation, filters: parsed.filters };
  const after = parsed.cursor === undefined ? 0 : core.cursors.decode(parsed.cursor, binding);
  const predicate = parsed.predicate as ((p: ProposalEntry) => boolean) | undefined;
  const page = readPage(core.book.list(key.organisation), after, parsed.limit, predicate);
  return {
    data: page.items.map((p) =>
      proposalListView(p, core.book.batches.get(p.batchId)!, core.options.noCreatedIds ?? false),
    ),
    nextCursor: page.hasMore ? core.cursors.encode(binding, page.lastSeq!) : null,
    hasMore: page.hasMore,
  };
}

export interface RawAnswer {
  status: number;
  body: string;
}

export async function submitProposals(
  core: SandboxCore,
  key: ApiKey,
  req: IncomingMessage,
  origin: string,
): Promise<RawAnswer> {
  requireJson(req, 'the suggestion');
  const idemKey = req.headers['idempotency-key'];
  if (typeof idemKey !== 'string' || idemKey.trim() === '')
    throw invalid(
      'The header Idempotency-Key is required: a value unique to this request, reused only to retry it.',
      { header: 'Idempotency-Key' },
    );
  if (idemKey.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(idemKey))
    throw invalid(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`, {
      header: 'Idempotency-Key',
    });
  const body = parseJson(await readBody(req));
  const print = fingerprint(body);
  const earlier = core.idempotency.find(key.organisation, idemKey);
  if (earlier) {
    if (earlier.fingerprint === print) return { status: earlier.status, body: earlier.body };
    throw new ApiError(
      409,
      'idempotency_conflict',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new request.',
    );
  }
  const { label, changes } = validateSuggestion(body, key, core.store);
  const answer = JSON.stringify(recordSuggestion(core, key.organisation, label, changes, origin));
  core.idempotency.remember({
    organisation: key.organisation,
    key: idemKey,
    fingerprint: print,
    status: 201,
    body: answer,
  });
  core.persist();
  return { status: 201, body: answer };
}
