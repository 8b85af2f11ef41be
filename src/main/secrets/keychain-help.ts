// What to tell the user when the OS keychain can't be used, in plain words for their system: what
// PropDesk does meanwhile (exactly that, no more), and what to install or unlock.
import { redactText } from '../log/redact';

/** What makes the keychain usable again, for this system. */
function keychainFix(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'Unlock your login keychain in Keychain Access and allow PropDesk to use it when asked.';
    case 'win32':
      return 'Make sure Windows Credential Manager is available for your account (sign in to Windows with your own user).';
    default:
      return 'Install and unlock a Secret Service keyring such as GNOME Keyring (gnome-keyring) or KWallet.';
  }
}

/** The keychain refused: what happens to keys entered meanwhile, and the fix. */
export function keychainProblem(platform: NodeJS.Platform, cause?: unknown): string {
  const start =
    "PropDesk couldn't use this computer's keychain. A key entered meanwhile is used until you quit, and saved in the keychain as soon as it works again; a key that could not be saved by then must be entered again after a restart. A key saved earlier is never used in its place.";
  return withReason(`${start} ${keychainFix(platform)}`, cause);
}

/** A connection's key cannot be read now: the keychain is locked or refused. */
export function keyUnreadable(platform: NodeJS.Platform, cause?: unknown): string {
  return withReason(
    `PropDesk couldn't read this connection's API key from the keychain, so it sent nothing. ${keychainFix(platform)} Then try again.`,
    cause,
  );
}

/** A key an earlier PropDesk kept under the connection alone waits to move to its server's place. */
export function keyWaitsToMove(platform: NodeJS.Platform, cause?: unknown): string {
  return withReason(
    `PropDesk now keeps each API key for the server it was entered for, and is waiting for the keychain to move this connection's key there; until then it sends nothing. ${keychainFix(platform)} Then try again.`,
    cause,
  );
}

/** Keys of removed or moved connections the keychain would not delete. */
export function keysLeft(count: number): string {
  const keys = count === 1 ? '1 API key' : `${count} API keys`;
  return `PropDesk couldn’t delete ${keys} of removed or moved connections from this computer's keychain, and never uses ${count === 1 ? 'it' : 'them'}. It tries again at every start and whenever it next uses the keychain.`;
}

function withReason(text: string, cause: unknown): string {
  const reason = describeCause(cause);
  return reason ? `${text} (Reason: ${reason}.)` : text;
}

function describeCause(cause: unknown): string | undefined {
  if (cause === undefined || cause === null) return undefined;
  const text = cause instanceof Error ? cause.message : String(cause);
  // eslint-disable-next-line no-control-regex
  const controls = /[\u0000-\u001f\u007f]/g;
  const line = redactText(text.split('\n')[0] ?? '')
    .replace(controls, '')
    .trim();
  if (!line) return undefined;
  return line.length > 160 ? `${line.slice(0, 159)}…` : line.replace(/\.$/, '');
}
