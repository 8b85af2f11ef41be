// @vitest-environment happy-dom
// The error boundary shows a readable message and sends the crash to main through window.propdesk
// (here a stand-in bridge that records the call), cut to the lengths the IPC contract accepts.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../src/renderer/src/shell/error-boundary';
import { CHANNELS } from '../../../src/shared/ipc';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let reports: unknown[];
let root: Root;
let host: HTMLElement;

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

beforeEach(() => {
  reports = [];
  Object.defineProperty(window, 'propdesk', {
    configurable: true,
    value: {
      app: {
        reportCrash: async (args: unknown) => {
          reports.push(args);
          return { ok: true, data: { logged: true } };
        },
      },
    },
  });
  // React reports the caught error on the console as well; keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

describe('error boundary', () => {
  it('shows the problem and reports message, stack and component stack to main', () => {
    act(() =>
      root.render(
        <ErrorBoundary>
          <Broken message="The rent cell failed" />
        </ErrorBoundary>,
      ),
    );
    expect(host.textContent).toContain('This screen ran into a problem');
    expect(reports).toHaveLength(1);
    const report = reports[0] as { message: string; stack?: string; componentStack?: string };
    expect(report.message).toBe('The rent cell failed');
    expect(report.stack).toContain('The rent cell failed');
    expect(report.componentStack).toContain('Broken');
    expect(CHANNELS['app.reportCrash'].args.safeParse(report).success).toBe(true);
  });

  it('cuts a huge message to what the IPC contract accepts, so the report is not refused', () => {
    act(() =>
      root.render(
        <ErrorBoundary>
          <Broken message={'x'.repeat(100_000)} />
        </ErrorBoundary>,
      ),
    );
    expect(reports).toHaveLength(1);
    expect(CHANNELS['app.reportCrash'].args.safeParse(reports[0]).success).toBe(true);
  });
});
