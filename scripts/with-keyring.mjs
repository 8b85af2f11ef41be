// Runs a command with a usable OS keyring for keytar tests. On Linux without a session bus it starts a
// private D-Bus session with an unlocked GNOME Keyring around the command (and sets PROPDESK_KEYRING=1);
// with a session bus already present it just marks the keyring as available; elsewhere it runs the
// command unchanged. Exits with the command's exit code.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node scripts/with-keyring.mjs <command> [args…]');
  process.exit(2);
}

function exists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const env = { ...process.env };
let command = args[0];
let commandArgs = args.slice(1);

if (process.platform === 'linux' && !env.DBUS_SESSION_BUS_ADDRESS) {
  if (exists('dbus-run-session') && exists('gnome-keyring-daemon')) {
    // The keyring's password only unlocks this throwaway, per-run keyring.
    const script = 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"';
    command = 'dbus-run-session';
    commandArgs = ['--', 'sh', '-c', script, 'sh', ...args];
    env.PROPDESK_KEYRING = '1';
  } else {
    console.warn(
      'with-keyring: dbus-run-session or gnome-keyring-daemon not found; keychain tests will not run ' +
        '(install dbus and gnome-keyring to run them).',
    );
  }
} else if (process.platform === 'linux' || process.platform === 'darwin' || process.platform === 'win32') {
  // A session bus (Linux) or the system keychain (macOS, Windows) is already there.
  env.PROPDESK_KEYRING = '1';
}

const child = spawn(command, commandArgs, {
  env,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  console.error(`with-keyring: could not run ${args[0]}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
