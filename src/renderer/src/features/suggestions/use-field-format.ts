// How a suggestion's field values read on the suggestions screen: by the contract's description of
// the field (money in the connection's currency and the contract's unit), as they are otherwise.
import { useCallback } from 'react';
import { moneyUnitOf } from '../../../../shared/contract';
import { isResourceType } from '../../../../shared/service';
import { formatValue } from '../../lib/format';
import { formatTyped } from '../../lib/format-typed';
import { useContract } from '../contract/use-contract-api';
import { useCurrency } from '../connections/use-currency';

export function useFieldFormat(resourceType: string): (name: string, value: unknown) => string {
  const { contract } = useContract();
  const currency = useCurrency();
  return useCallback(
    (name, value) => {
      const resource = isResourceType(resourceType) ? contract?.resources[resourceType] : undefined;
      const d =
        resource?.updateFields.find((f) => f.name === name) ??
        resource?.createFields.find((f) => f.name === name);
      return d
        ? formatTyped(value, { type: d.type, money: moneyUnitOf(d), name }, currency)
        : formatValue(value);
    },
    [contract, currency, resourceType],
  );
}
