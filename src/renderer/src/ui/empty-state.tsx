// What a screen or list says when it has nothing to show: a heading that says so, and a line that says
// what to do next (an icon above them where the screen is otherwise bare). The one look of "nothing here".
import type { ReactNode } from 'react';

export function EmptyState({
  heading,
  icon,
  className,
  role,
  action,
  children,
}: {
  heading: ReactNode;
  icon?: ReactNode;
  /** Added to "empty", for a screen's own spacing. */
  className?: string;
  /** "alert" or "status" where the emptiness is news (a refusal, a copy on its way). */
  role?: 'alert' | 'status';
  /** The way on, under the words (a button or link). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `empty ${className}` : 'empty'} role={role}>
      {icon}
      <h2>{heading}</h2>
      <p>{children}</p>
      {action}
    </div>
  );
}
