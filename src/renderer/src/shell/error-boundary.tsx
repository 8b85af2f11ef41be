// Catches rendering errors so a fault in one screen shows a readable message, not a blank window,
// and reports the fault to main's log.
import { Alert } from '../ui/alert';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { crashReportOf } from '../../../shared/crash-report';
import { reportCrash } from './use-shell-api';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
    // Main keeps the log; the report is cut to what the IPC contract accepts, so it is never refused.
    reportCrash(crashReportOf(error, info.componentStack));
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page">
        <Alert>
          <AlertTriangle size={16} aria-hidden />
          <div>
            <strong>This screen ran into a problem and could not be shown.</strong>
            <div className="muted">{this.state.error.message}</div>
            <p>Your drafts are safe. Try another screen, or reload the window.</p>
            <button className="btn" type="button" onClick={() => this.setState({ error: null })}>
              Try again
            </button>
          </div>
        </Alert>
      </div>
    );
  }
}
