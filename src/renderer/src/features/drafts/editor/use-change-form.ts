// A change's card as a form: main's values with what the user typed over them, the fields they build,
// the checks of them (the contract's, the last check's, a refusal's) and the problems said above the
// fields, and the changed record and the records its current values refer to, named in one call.
import type { ResourceContract } from '../../../../../shared/contract';
import type { ChangeLink, DraftChange } from '../../../../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../../../../shared/service';
import { recordRefs } from '../../../labels/record-refs';
import { useLabels } from '../../../labels/use-labels-api';
import { generalProblems } from './card-problems';
import type { CardChecks } from './card-problems';
import { contextOf } from './change-edits';
import type { DraftStore } from './draft-store';
import { buildFields, initialRaws, validateFields } from './field-values';
import type { FieldVerdict, RawValue, RawValues } from './field-values';
import type { ChangeProblems } from './problem-map';
import { useDraftState } from './use-draft-store';

/**
 * The form's check, less what it says of fields that wait for a record another change creates: they
 * are empty on purpose until that record exists (one that will not come is said by the field itself).
 */
function withoutLinked(verdict: FieldVerdict, links: ReadonlyMap<string, ChangeLink>): FieldVerdict {
  if (links.size === 0) return verdict;
  const waiting = (name: string) =>
    links.get(name)?.state !== undefined && links.get(name)?.state !== 'filled';
  return {
    byField: Object.fromEntries(Object.entries(verdict.byField).filter(([name]) => !waiting(name))),
    missing: new Set([...verdict.missing].filter((name) => !waiting(name))),
    general: verdict.general,
  };
}

export function useChangeForm(
  change: DraftChange,
  resource: ResourceContract,
  store: DraftStore,
  problems: ChangeProblems,
  refusal: ChangeProblems,
) {
  const ctx = contextOf(change);
  const descriptors = change.operation === 'create' ? resource.createFields : resource.updateFields;
  const own = useDraftState(store, (s) => s.edits[change.id]);
  // Main's values, with what the user typed over them.
  const raws: RawValues = { ...initialRaws(descriptors, change.fields, ctx), ...own?.raws };
  const touched = own?.touched ?? new Set(Object.keys(change.fields));
  const visited = own?.visited ?? false;
  const busy = (own?.pending ?? 0) > 0;

  const built = buildFields(descriptors, raws, ctx);
  const links = new Map((change.links ?? []).map((l) => [l.field, l]));
  const verdict = withoutLinked(validateFields(resource, change.operation, built.fields), links);
  // Fields main holds that the contract does not accept (from an older contract, or an import).
  const known = new Set(descriptors.map((d) => d.name));
  const strangers = Object.keys(change.fields).filter((name) => !known.has(name));
  const checks: CardChecks = { built, verdict, problems, refusal, touched, visited, busy };

  const target = change.resourceId
    ? { collection: RESOURCE_COLLECTION[change.resourceType], id: change.resourceId }
    : undefined;
  const labels = useLabels([
    ...(target ? [target] : []),
    ...(change.snapshot
      ? recordRefs(
          [change.snapshot as { id: string }],
          descriptors.map((d) => d.name),
        )
      : []),
  ]);
  return {
    ctx,
    descriptors,
    raws,
    built,
    checks,
    general: generalProblems(checks),
    links,
    strangers,
    labels,
    edit: (name: string, value: RawValue) => store.type(change, descriptors, name, value),
  };
}
