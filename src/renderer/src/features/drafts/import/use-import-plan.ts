// What the import dialog's choices make of a file: the kind of change its rows are, which field each
// column fills (matched by name until the user changes it; a new file or kind matches afresh), what
// keeps that mapping from use, and the changes the rows become once nothing does.
import { useMemo, useState } from 'react';
import type { CompiledContract } from '../../../../../shared/contract';
import { FIRST_KIND, fieldsOf, usableKind } from '../editor/change-kind';
import type { ChangeKind } from '../editor/change-kind';
import type { ParsedCsv } from './import-csv';
import { autoMatch, mappingProblems } from './import-mapping';
import type { ColumnMapping } from './import-mapping';
import { buildImport } from './import-rows';

export function useImportPlan(contract: CompiledContract, csv: ParsedCsv | null) {
  const [wanted, setWanted] = useState<ChangeKind>(FIRST_KIND);
  const [customMapping, setCustomMapping] = useState<ColumnMapping | null>(null);
  // One memo over the inputs the user chose; every derived value is rebuilt only when one of them changes.
  const derived = useMemo(() => {
    const kind = usableKind(contract, wanted);
    const fields = fieldsOf(contract, kind.type, kind.operation);
    const mapping = customMapping ?? (csv ? autoMatch(csv.headers, fields, kind.operation, kind.type) : []);
    const blockers = csv ? mappingProblems(mapping, kind.operation, fields) : [];
    const plan =
      csv && blockers.length === 0 ? buildImport(csv, mapping, contract, kind.type, kind.operation) : null;
    return { kind, fields, mapping, blockers, plan };
  }, [customMapping, csv, contract, wanted]);
  return {
    ...derived,
    wanted,
    chooseKind: (next: ChangeKind) => (setWanted(next), setCustomMapping(null)),
    chooseMapping: setCustomMapping,
    /** Back to the columns matched by name, for a new file. */
    matchAfresh: () => setCustomMapping(null),
  };
}
