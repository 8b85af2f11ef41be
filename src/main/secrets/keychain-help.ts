// What to tell the user when the OS keychain can't be used, in plain words for their system.
import { redactText } from '../log/redact';

export function keychainProblem(platform: NodeJS.Platform, cause?: unknown): string {
  const start =
    "PropDesk couldn't use this computer's keychain, so API keys are kept only until you quit and must be entered again next time.";
  let fix: string;
  switch (platform) {
    case 'darwin':
      fix =
        'To keep them safely, unlock your login keychain in Keychain Access and allow PropDesk to use it when asked, then restart PropDesk.';
      break;
    case 'win32':
      fix =
        'To keep them safely, make sure Windows Credential Manager is available for your account (sign in to Windows with your own user), then restart PropDesk.';
      break;
    default:
      fix =
        'To keep them safely, install and unlock a Secret Service keyring such as GNOME Keyring (gnome-keyring) or KWallet, then restart PropDesk.';
  }
  const reason = describeCause(cause);
  return reason ? `${start} ${fix} (Reason: ${reason}.)` : `${start} ${fix}`;
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
