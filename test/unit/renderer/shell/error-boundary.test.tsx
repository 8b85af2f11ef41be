// @vitest-environment happy-dom
// The error boundary shows a readable message and sends the crash to main through window.propdesk
// (here a stand-in bridge that records the call), cut to the lengths the IPC contract accepts.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../../src/renderer/src/shell/error-boundary';
import { CHANNELS } from '../../../../src/shared/ipc';

let reports: unknown[];

function Broken({ message }: { message: string }): never {
  throw new Error(message);
}

beforeEach(() => {
  reports = [];
  (window as unknown as { propdesk: unknown }).propdesk = {
    app: {
      reportCrash: async (args: unknown) => {
        reports.push(args);
        return { ok: true, data: { logged: true } };
      },
    },
  };
  // React reports the caught error on the console as well; keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('error boundary', () => {
  it('shows the problem and reports message, stack and component stack to main', () => {
    render(
      <ErrorBoundary>
        <Broken message="The rent cell failed" />
      </ErrorBoundary>,
    );
    expect(screen.getByText(/This screen ran into a problem/)).toBeTruthy();
    expect(screen.getByText('The rent cell failed')).toBeTruthy();
    expect(reports).toHaveLength(1);
    const report = reports[0] as { message: string; stack?: string; componentStack?: string };
    expect(report.message).toBe('The rent cell failed');
    expect(report.stack).toContain('The rent cell failed');
    expect(report.componentStack).toContain('Broken');
    expect(CHANNELS['app.reportCrash'].args.safeParse(report).success).toBe(true);
  });

  it('cuts a huge message to what the IPC contract accepts, so the report is not refused', () => {
    render(
      <ErrorBoundary>
        <Broken message={'x'.repeat(100_000)} />
      </ErrorBoundary>,
    );
    expect(reports).toHaveLength(1);
    expect(CHANNELS['app.reportCrash'].args.safeParse(reports[0]).success).toBe(true);
  });

  it('shows the screen again after "Try again" once the fault is gone', async () => {
    function Flaky() {
      const [broken, setBroken] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setBroken(false)}>
            Fix it
          </button>
          <ErrorBoundary>{broken ? <Broken message="Still broken" /> : <p>Rent roll</p>}</ErrorBoundary>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Flaky />);
    expect(screen.getByText('Still broken')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fix it' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Rent roll')).toBeTruthy();
    expect(screen.queryByText(/ran into a problem/)).toBeNull();
  });
});
