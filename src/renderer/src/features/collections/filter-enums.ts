// Allowed values for filters, from the record fields of the same name in the contract.
import type { FieldDescriptor } from '../../../../shared/contract';

export function enumsByName(fields: FieldDescriptor[] | undefined): Record<string, string[] | undefined> {
  const out: Record<string, string[] | undefined> = {};
  for (const f of fields ?? []) {
    if (f.enumValues?.length) out[f.name] = f.enumValues.map(String);
  }
  return out;
}
