// The connections' traffic with main: the list as server state, whether the active one's service can
// be reached, and add, edit, switch, remove and test. A switch clears what was cached for the previous
// connection through the shell's bridge sync, on main's connections.changed, so it happens once
// however the switch came about.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionRefusal } from '../../../../shared/permissions';
import type { RequestKind } from '../../../../shared/request-kind';
import type { ResourceType } from '../../../../shared/service';
import type { ChannelArgs } from '../../../../shared/ipc';
import { unwrap } from '../../lib/call';
import { queryKeys } from '../../lib/query-keys';

/** Whether the active connection's service can be reached, kept current by main's connectivity.changed. */
export function useConnectivity() {
  return useQuery({
    queryKey: queryKeys.connectivity,
    queryFn: () => unwrap(window.propdesk.connectivity.status()),
  });
}

export function useConnections() {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: () => unwrap(window.propdesk.connections.list()),
  });
}

/** How the active connection's service paces PropDesk, kept current by main's connectivity.pace. */
export function useServicePace() {
  return useQuery({
    queryKey: queryKeys.pace,
    queryFn: () => unwrap(window.propdesk.connectivity.pace()),
    staleTime: Infinity,
  });
}

/**
 * "Try now" on a wait the service asked for: main lifts the hold of that kind of request and sends
 * what waited for it at once; the pace, the drafts and the copy's status are read again.
 */
export function useTryNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: RequestKind) => unwrap(window.propdesk.connectivity.tryNow({ kind })),
    onSuccess: (pace) => {
      client.setQueryData(queryKeys.pace, pace);
      void client.invalidateQueries({ queryKey: queryKeys.drafts.all });
      void client.invalidateQueries({ queryKey: queryKeys.offlineCopyStatus });
    },
  });
}

export type ConnectionSave =
  | { kind: 'add'; args: ChannelArgs<'connections.add'> }
  | { kind: 'update'; args: ChannelArgs<'connections.update'> };

export function useSaveConnection(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: ConnectionSave) =>
      save.kind === 'add'
        ? unwrap(window.propdesk.connections.add(save.args))
        : unwrap(window.propdesk.connections.update(save.args)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.connections });
      // A new key: what the old one was refused is forgotten by main.
      void client.invalidateQueries({ queryKey: queryKeys.refusals });
      onSaved();
    },
  });
}

export function useConnectionActions(id: string) {
  const client = useQueryClient();
  return {
    switchTo: useMutation({ mutationFn: () => unwrap(window.propdesk.connections.switch({ id })) }),
    remove: useMutation({
      mutationFn: () => unwrap(window.propdesk.connections.remove({ id })),
      onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.connections }),
    }),
    test: useMutation({ mutationFn: () => unwrap(window.propdesk.connections.test({ id })) }),
  };
}

/**
 * What a connection's key was refused suggesting (a missing permission), as main remembers it across
 * restarts (the active connection's when none is named), of these record types (all when none are
 * named); refreshed on drafts.changed by the shell's bridge sync.
 */
export function useRefusals(types?: readonly ResourceType[], connectionId?: string): PermissionRefusal[] {
  const all = useQuery({
    queryKey: queryKeys.refusals,
    queryFn: () => unwrap(window.propdesk.connections.refusals()),
    staleTime: 0,
  }).data?.refusals;
  const active = useConnections().data?.activeId;
  const of = connectionId ?? active;
  return (all ?? []).filter((r) => r.connectionId === of && (!types || types.includes(r.resourceType)));
}

/** How long the demo organisation's suggestions wait before they expire (null: the service's week). */
export function useDemoExpiry() {
  const client = useQueryClient();
  const current = useQuery({
    queryKey: queryKeys.demoExpiry,
    queryFn: () => unwrap(window.propdesk.connections.demoExpiry()),
  });
  const set = useMutation({
    mutationFn: (seconds: number | null) => unwrap(window.propdesk.connections.setDemoExpiry({ seconds })),
    onSuccess: (answer) => client.setQueryData(queryKeys.demoExpiry, answer),
  });
  return { current, set };
}
