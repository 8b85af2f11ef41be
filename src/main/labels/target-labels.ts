// The label of each tracked suggestion's target record ("Aisha Cohen · Cedar Commons · 1B" for a
// lease), read when the suggestions' state is asked for and never stored: a tenant may be renamed, the
// record's ID stays. A suggestion that creates a record has no target yet.
import { labelKey } from '../../shared/label-refs';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import { isResourceType, RESOURCE_COLLECTION } from '../../shared/service';
import type { TrackedProposal, SuggestionsState } from '../../shared/suggestions';

function targetOf(p: TrackedProposal): LabelRef | undefined {
  return p.resourceId && isResourceType(p.resourceType)
    ? { collection: RESOURCE_COLLECTION[p.resourceType], id: p.resourceId }
    : undefined;
}

/** The state with every target's label; null where a record could not be named (its ID still shows). */
export async function withTargetLabels(
  state: SuggestionsState,
  resolve: (refs: LabelRef[]) => Promise<LabelAnswer>,
  warn: (message: string, error?: unknown) => void,
): Promise<SuggestionsState> {
  const refs = new Map<string, LabelRef>();
  for (const batch of state.batches)
    for (const p of batch.proposals) {
      const target = targetOf(p);
      if (target) refs.set(labelKey(target.collection, target.id), target);
    }
  let labels: Record<string, string> = {};
  if (refs.size > 0) {
    try {
      labels = (await resolve([...refs.values()])).labels;
    } catch (error) {
      // The suggestions service is read even when no name can be: its IDs still say which record.
      warn('The names of suggestion targets could not be read', error);
    }
  }
  return {
    ...state,
    batches: state.batches.map((batch) => ({
      ...batch,
      proposals: batch.proposals.map((p) => {
        const target = targetOf(p);
        return {
          ...p,
          resourceLabel: target ? (labels[labelKey(target.collection, target.id)] ?? null) : null,
        };
      }),
    })),
  };
}
