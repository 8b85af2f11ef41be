// The labels' traffic with main: the names of the references a screen shows ("Cedar Commons · 1B"
// for a unit's ID), read through labels.resolve. Every reference a render asks for is sent in one
// call (see label-batcher), each answer is cached by reference under queryKeys.labels, which the
// shell's bridge sync drops when the connection switches and reads again when the offline copy or
// the contract changes. Shared by every screen that names records, so it lives outside the features.
// Where tenants rent ("Willow Row · 2") is read the same way, through labels.places, for the tenants a
// picker shows or may narrow to.
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { labelKey } from '../../../shared/label-refs';
import { MAX_PLACE_TENANTS } from '../../../shared/tenant-places';
import type { LabelRef } from '../../../shared/label-refs';
import { errorMessage, unwrap } from '../lib/call';
import { LabelBatcher } from './label-batcher';
import type { LabelResult } from './label-batcher';
import { queryKeys } from '../lib/query-keys';
import { labelView } from './label-view';
import type { LabelLookup, LabelView } from './label-view';

/** Names change seldom; main keeps its own listings fresh for as long. */
const LABEL_STALE_MS = 5 * 60_000;

const batchers = new WeakMap<QueryClient, LabelBatcher>();

function batcherOf(client: QueryClient): LabelBatcher {
  let batcher = batchers.get(client);
  if (!batcher) {
    batcher = new LabelBatcher((refs) => unwrap(window.propdesk.labels.resolve({ refs })));
    batchers.set(client, batcher);
  }
  return batcher;
}

/**
 * Labels for these references, asked for together. Pass every reference the screen shows (the rows
 * in view, not the whole list); the lookup answers any reference, "loading" for ones not passed.
 */
export function useLabels(refs: readonly LabelRef[]): LabelLookup {
  const client = useQueryClient();
  // Callers build a new array on every render: the references themselves decide.
  const signature = refs.map((r) => labelKey(r.collection, r.id)).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const unique = useMemo(() => dedupe(refs), [signature]);
  const batcher = batcherOf(client);
  const answers = useQueries({
    queries: unique.map((ref) => ({
      queryKey: queryKeys.labels.one(ref.collection, ref.id),
      queryFn: (): Promise<LabelResult> => batcher.load(ref),
      staleTime: LABEL_STALE_MS,
      retry: 1,
    })),
    combine: sameResults,
  });
  const byKey = useMemo(() => {
    const map = new Map<string, LabelView>();
    answers.forEach((answer, i) => {
      const ref = unique[i]!;
      map.set(
        labelKey(ref.collection, ref.id),
        labelView(ref.id, {
          ...(answer.data ? { result: answer.data } : {}),
          ...(answer.isError && !answer.data ? { error: errorMessage(answer.error) } : {}),
        }),
      );
    });
    return map;
  }, [answers, unique]);
  return useCallback((collection, id) => byKey.get(labelKey(collection, id)) ?? labelView(id, {}), [byKey]);
}

/** A stable combine: React Query then hands back the same results until an answer changes. */
function sameResults<T>(results: T): T {
  return results;
}

function dedupe(refs: readonly LabelRef[]): LabelRef[] {
  const seen = new Map<string, LabelRef>();
  for (const ref of refs) {
    const key = labelKey(ref.collection, ref.id);
    if (!seen.has(key)) seen.set(key, { collection: ref.collection, id: ref.id });
  }
  return [...seen.values()];
}

const NONE: Record<string, string> = {};

/** Where each of these tenants rents, by tenant ID; empty until main answers, or for no tenants. */
export function useTenantPlaces(tenantIds: readonly string[]): Record<string, string> {
  const asked = tenantIds.slice(0, MAX_PLACE_TENANTS);
  const answer = useQuery({
    queryKey: queryKeys.labels.places(asked),
    queryFn: () => unwrap(window.propdesk.labels.places({ tenants: asked })),
    enabled: asked.length > 0,
    // Homes change seldom: they are kept as long as names.
    staleTime: LABEL_STALE_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
  return answer.data?.places ?? NONE;
}
