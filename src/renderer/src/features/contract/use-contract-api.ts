// The active connection's contract, compiled once per fetch with the same code main uses, so the
// screens and main agree on fields, types and allowed values; and main's word that it changed.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { compileContract } from '../../../../shared/contract';
import type { CompiledContract } from '../../../../shared/contract';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';
import { useBridgeEvent } from '../../lib/use-bridge-event';
import type { EventPayload } from '../../../../shared/ipc';

export function useContract(): {
  contract: CompiledContract | undefined;
  error: unknown;
  source?: 'network' | 'cache';
  fetchedAt?: string;
} {
  const query = useQuery({
    queryKey: queryKeys.contract,
    queryFn: () => unwrap(window.propdesk.contract.get()),
    staleTime: 10 * 60_000,
  });
  const compiled = useMemo(() => {
    if (!query.data) return { contract: undefined, error: undefined };
    try {
      return { contract: compileContract(query.data.doc), error: undefined };
    } catch (error) {
      return { contract: undefined, error };
    }
  }, [query.data]);
  return {
    contract: compiled.contract,
    error: query.error ?? compiled.error,
    ...(query.data ? { source: query.data.source, fetchedAt: query.data.fetchedAt } : {}),
  };
}

/** Main read a new contract (or found the cached one changed), for as long as the caller is on screen. */
export function useContractChanged(listener: (change: EventPayload<'contract.changed'>) => void): void {
  useBridgeEvent(window.propdesk, 'contract.changed', listener);
}
