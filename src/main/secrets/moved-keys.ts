// Keys an earlier PropDesk kept under the connection alone, moved to their server's place by schema
// version 9: that place could hold a key already replaced, so each such connection is asked once, in
// main's own message box, whether the key is still the right one. Declined (or closed), the key is
// deleted and the connection asks for a new one, as any connection without a key does.
import { serverOf } from '../../shared/server-origin';
import type { ConfirmWithUser } from '../confirmation';
import type { ConnectionRow } from '../store/connection-repo';
import type { KeychainRepository } from '../store/keychain-repo';
import type { ConnectionKeys } from './connection-keys';

export interface MovedKeysOptions {
  repo: Pick<KeychainRepository, 'keysToConfirm' | 'keyConfirmed'>;
  connection: (id: string) => Pick<ConnectionRow, 'name' | 'baseUrl'> | undefined;
  keys: Pick<ConnectionKeys, 'delete'>;
  confirm: ConfirmWithUser;
}

/** Asks about each moved key not yet confirmed, one after another; each is asked once. */
export async function confirmMovedKeys(o: MovedKeysOptions): Promise<void> {
  for (const id of o.repo.keysToConfirm()) {
    const row = o.connection(id);
    if (row) {
      const keep = await o.confirm({
        title: 'Confirm the API key',
        message: `Is the API key PropDesk keeps for “${row.name}” still the current key for ${serverOf(row.baseUrl)}?`,
        detail:
          'An earlier version of PropDesk kept this key in another place in the keychain, and that place could still hold a key that was later replaced. Keep it if it is current; otherwise PropDesk deletes it and asks you to enter the key again in the connection’s settings.',
        confirm: 'Keep this key',
        cancel: 'Enter the key again',
      });
      if (!keep) await o.keys.delete(id, row.baseUrl);
    }
    o.repo.keyConfirmed(id);
  }
}
