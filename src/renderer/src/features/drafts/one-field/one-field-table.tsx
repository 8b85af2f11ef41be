// A draft of one field across many records as a compact table: record · unit · tenant · current → new,
// the new value edited in place, and each row's full card one click away under it. The records and
// the units and tenants they name are labelled in one call.
import { Fragment } from 'react';
import type { ResourceContract } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { RESOURCE_COLLECTION } from '../../../../../shared/service';
import type { ServiceRecord } from '../../../../../shared/service';
import { useCurrency } from '../../connections/use-currency';
import { fieldRef } from '../../../labels/record-refs';
import { useLabels } from '../../../labels/use-labels-api';
import type { LabelLookup } from '../../../labels/label-view';
import { ChangeCard } from '../editor/change-card';
import { changeTitle } from '../editor/change-summary';
import { focusChange } from '../focus-request';
import type { OneFieldDraft } from './one-field';
import { OneFieldRow } from './one-field-row';
import type { ChangeProblems } from '../editor/problem-map';
import { NO_PROBLEMS } from '../editor/problem-map';
import type { DraftStore } from '../editor/draft-store';
import '../../../styles/one-field-table.css';
import { useIdSet } from '../../../lib/use-id-set';

export interface OneFieldTableProps {
  draft: OneFieldDraft;
  changes: readonly DraftChange[];
  resource: ResourceContract;
  editable: boolean;
  problems: (changeId: string) => ChangeProblems;
  refusal: (changeId: string) => ChangeProblems;
  store: DraftStore;
  onRemove: (changeId: string) => void;
}

/** The columns naming what a record belongs to, shown when any row's record has them. */
const LINKS = ['unit_id', 'tenant_id'] as const;

function linkView(change: DraftChange, field: string, labels: LabelLookup) {
  const ref = change.snapshot ? fieldRef(change.snapshot as ServiceRecord, field) : undefined;
  return ref ? labels(ref.collection, ref.id) : null;
}

/** The link columns the rows fill, and the rows' records and the records they name, labelled in one call. */
function useRowNames(draft: OneFieldDraft, changes: readonly DraftChange[]) {
  const shown = LINKS.filter(
    (field) =>
      RESOURCE_COLLECTION[draft.resourceType] !== field.replace(/_id$/, 's') &&
      changes.some((c) => c.snapshot?.[field] !== undefined),
  );
  const labels = useLabels(
    changes.flatMap((c) => [
      ...(c.resourceId ? [{ collection: RESOURCE_COLLECTION[c.resourceType], id: c.resourceId }] : []),
      ...shown.flatMap((field) => {
        const ref = c.snapshot ? fieldRef(c.snapshot as ServiceRecord, field) : undefined;
        return ref ? [ref] : [];
      }),
    ]),
  );
  return { shown, labels };
}

export function OneFieldTable(p: OneFieldTableProps) {
  const currency = useCurrency();
  const { ids: open, toggle } = useIdSet();
  const d = p.resource.updateFields.find((f) => f.name === p.draft.field);
  const { shown, labels } = useRowNames(p.draft, p.changes);
  if (!d) return null;

  const move = (index: number, by: 1 | -1) => {
    const next = p.changes[index + by];
    if (next) focusChange(next.id, p.draft.field);
  };
  const columns = 6 + shown.length;

  return (
    <table className="one-field-table" aria-label={`${d.label}, current and new, by record`}>
      <colgroup>
        <col className="index" />
        <col />
        {shown.map((field) => (
          <col key={field} className="link" />
        ))}
        <col className="current" />
        <col className="arrow" />
        <col className="new" />
        <col className="open" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className="num">
            #
          </th>
          <th scope="col">Record</th>
          {shown.includes('unit_id') ? <th scope="col">Unit</th> : null}
          {shown.includes('tenant_id') ? <th scope="col">Tenant</th> : null}
          <th scope="col" className="num">
            Current
          </th>
          <th scope="col" aria-hidden />
          <th scope="col" title={`New ${d.label.toLowerCase()}`}>
            New
          </th>
          <th scope="col">
            <span className="visually-hidden">Full change</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {p.changes.map((change, index) => {
          const title = changeTitle(change, labels);
          const target = change.resourceId
            ? labels(RESOURCE_COLLECTION[change.resourceType], change.resourceId)
            : null;
          return (
            <Fragment key={change.id}>
              <OneFieldRow
                change={change}
                index={index}
                d={d}
                resource={p.resource}
                title={title}
                target={target}
                unit={shown.includes('unit_id') ? linkView(change, 'unit_id', labels) : undefined}
                tenant={shown.includes('tenant_id') ? linkView(change, 'tenant_id', labels) : undefined}
                currency={currency}
                editable={p.editable}
                problems={p.problems(change.id) ?? NO_PROBLEMS}
                refusal={p.refusal(change.id) ?? NO_PROBLEMS}
                store={p.store}
                open={open.has(change.id)}
                onToggleCard={() => toggle(change.id)}
                onMove={move}
              />
              {open.has(change.id) ? (
                <tr className="one-field-card">
                  <td colSpan={columns}>
                    <ChangeCard
                      change={change}
                      index={index}
                      resource={p.resource}
                      editable={p.editable}
                      problems={p.problems(change.id)}
                      refusal={p.refusal(change.id)}
                      store={p.store}
                      onRemove={() => p.onRemove(change.id)}
                      anchored={false}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
