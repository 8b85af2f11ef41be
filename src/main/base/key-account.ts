// Where a connection's API key is kept in the keychain: one account per connection and server
// ("<connection id>@<origin>"), so a key entered for one server can be read only for that server. A
// client made for server A asks for A's account; a key stored for B is not there, whatever the timing.
import { serverOf } from '../../shared/server-origin';

export function keyAccount(connectionId: string, address: string): string {
  return `${connectionId}@${serverOf(address)}`;
}

/** Where PropDesk before schema version 9 kept a connection's key: under the connection's ID alone. */
export function legacyKeyAccount(connectionId: string): string {
  return connectionId;
}

/** Whether an account belongs to this connection (for any server, or the older form). */
export function isAccountOf(account: string, connectionId: string): boolean {
  return account === connectionId || account.startsWith(`${connectionId}@`);
}
