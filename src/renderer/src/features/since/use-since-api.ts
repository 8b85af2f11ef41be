// "Since you last looked"'s traffic with main: the digest, a page of the records behind one line, and
// "Mark as seen" (read again when the copy, the suggestions or the mark move; see the bridge sync).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SinceRecordKind } from '../../../../shared/since';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

export function useSinceDigest() {
  return useQuery({
    queryKey: queryKeys.since.digest,
    queryFn: () => unwrap(window.propdesk.since.digest({})),
    staleTime: 60_000,
  });
}

export function useSinceRecords(kind: SinceRecordKind, offset: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.since.records(kind, offset),
    queryFn: () => unwrap(window.propdesk.since.records({ kind, offset, limit })),
  });
}

/** Moves the mark to the digest the landlord saw (its `asOf`), never past it. */
export function useMarkSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => unwrap(window.propdesk.since.seen({ upTo })),
    onSuccess: (digest) => {
      client.setQueryData(queryKeys.since.digest, digest);
      void client.invalidateQueries({ queryKey: queryKeys.since.all });
    },
  });
}
