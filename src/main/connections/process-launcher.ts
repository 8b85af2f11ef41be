// Starts a helper program as a process of its own and hands back its first line of output.
// Electron's utilityProcess implements this in the app; a Node child process in tests.
export interface LaunchedProcess {
  /** Resolves with the first line the process writes to stdout. */
  firstLine: Promise<string>;
  /** Resolves when the process has exited, with its exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface ProcessLauncher {
  launch(options: { args: string[]; env: Record<string, string> }): LaunchedProcess;
}

/** Collects stdout chunks until the first newline. */
export function firstLineOf(
  onData: (listener: (chunk: Buffer | string) => void) => void,
  onExit: (listener: (code: number | null) => void) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let done = false;
    onData((chunk) => {
      if (done) return;
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        done = true;
        resolve(buffered.slice(0, newline));
      } else if (buffered.length > 1_000_000) {
        done = true;
        reject(new Error('The process wrote too much before it was ready'));
      }
    });
    onExit((code) => {
      if (!done) {
        done = true;
        reject(new Error(`The process stopped before it was ready (exit code ${code ?? 'none'})`));
      }
    });
  });
}
