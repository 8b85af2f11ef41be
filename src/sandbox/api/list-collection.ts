// GET /api/v1/{collection} and GET /api/v1/{collection}/{id}: the caller's organisation only.
import { type Collection, readScope } from '../../shared/service';
import { requireScope } from '../auth';
import type { SandboxCore } from '../core';
import { FILTER_RULES, parseListQuery } from '../filters';
import { notFound } from '../http/api-error';
import type { ApiKey } from '../keys';
import { readPage } from '../paging';

export function listCollection(
  core: SandboxCore,
  key: ApiKey,
  collection: Collection,
  query: URLSearchParams,
): unknown {
  requireScope(key, readScope(collection));
  const parsed = parseListQuery(query, FILTER_RULES[collection]);
  const binding = { listing: collection, organisation: key.organisation, filters: parsed.filters };
  const after = parsed.cursor === undefined ? 0 : core.cursors.decode(parsed.cursor, binding);
  const table = core.store.table(key.organisation, collection);
  // A filter by record ID reads only the records that name it; the predicate still checks them all.
  const rules = FILTER_RULES[collection];
  const byId = Object.entries(parsed.filters).find(([name]) => rules[name]?.kind === 'id');
  const page = readPage(
    byId ? core.byReference.matching(table, byId[0], byId[1]) : table,
    after,
    parsed.limit,
    parsed.predicate,
  );
  return {
    data: page.items,
    nextCursor: page.hasMore ? core.cursors.encode(binding, page.lastSeq!) : null,
    hasMore: page.hasMore,
  };
}

export function getRecord(core: SandboxCore, key: ApiKey, collection: Collection, id: string): unknown {
  requireScope(key, readScope(collection));
  // Another organisation's record takes exactly the same path as a missing one.
  const record = core.store.get(key.organisation, collection, id);
  if (!record) throw notFound('The record');
  return { data: record };
}
