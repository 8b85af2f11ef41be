// The one alert box of the app: a problem (announced at once) or a warning or note (announced
// politely), in the shared .alert styles.
import type { ReactNode } from 'react';

export type AlertTone = 'problem' | 'warn' | 'info';

const TONE_CLASS: Record<AlertTone, string> = { problem: 'alert', warn: 'alert warn', info: 'alert info' };

export function Alert({
  tone = 'problem',
  className,
  label,
  children,
}: {
  tone?: AlertTone;
  /** Extra classes for where it stands (an inline alert in a card row, say). */
  className?: string;
  /** An accessible name, where the alert holds a list rather than a sentence. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `${TONE_CLASS[tone]} ${className}` : TONE_CLASS[tone]}
      role={tone === 'problem' ? 'alert' : 'status'}
      {...(label ? { 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
