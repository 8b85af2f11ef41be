// A draft's changes in the editor: a draft of one field across many records as a table (with a
// switch to the cards), any other draft as one card per change.
import { LayoutList, Table2 } from 'lucide-react';
import { useState } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import type { DraftChange } from '../../../../../shared/drafts';
import { ChangeCard } from './change-card';
import { oneFieldDraft } from '../one-field/one-field';
import { OneFieldTable } from '../one-field/one-field-table';
import type { ProblemMap } from './problem-map';
import { NO_PROBLEMS } from './problem-map';
import type { DraftStore } from './draft-store';

export interface DraftChangesProps {
  changes: readonly DraftChange[];
  contract: CompiledContract;
  editable: boolean;
  store: DraftStore;
  problems: ProblemMap;
  refusal: ProblemMap;
  onRemove: (changeId: string) => void;
}

export function DraftChanges({
  changes,
  contract,
  editable,
  store,
  problems,
  refusal,
  onRemove,
}: DraftChangesProps) {
  const oneField = oneFieldDraft(changes);
  const [asCards, setAsCards] = useState(false);
  const mine = (map: ProblemMap) => (id: string) => map.byChange.get(id) ?? NO_PROBLEMS;
  const cards = changes.map((change, index) => (
    <ChangeCard
      key={change.id}
      change={change}
      index={index}
      resource={contract.resources[change.resourceType]}
      editable={editable}
      problems={mine(problems)(change.id)}
      refusal={mine(refusal)(change.id)}
      store={store}
      onRemove={() => onRemove(change.id)}
    />
  ));
  if (!oneField) return <>{cards}</>;
  return (
    <>
      <div className="one-field-switch">
        <button type="button" className="btn" onClick={() => setAsCards((v) => !v)}>
          {asCards ? <Table2 size={13} aria-hidden /> : <LayoutList size={13} aria-hidden />}
          {asCards ? 'Show as a table' : 'Show every change as a card'}
        </button>
      </div>
      {asCards ? (
        cards
      ) : (
        <OneFieldTable
          draft={oneField}
          changes={changes}
          resource={contract.resources[oneField.resourceType]}
          editable={editable}
          problems={mine(problems)}
          refusal={mine(refusal)}
          store={store}
          onRemove={onRemove}
        />
      )}
    </>
  );
}
