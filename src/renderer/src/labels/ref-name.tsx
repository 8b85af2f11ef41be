// A reference on screen: the linked record's label, its ID on hover, muted while the label loads.
import type { LabelView } from './label-view';

export function RefName({ view, className }: { view: LabelView; className?: string }) {
  // Anything but a name is an ID, set as one.
  const classes = [className, view.state === 'named' ? '' : 'muted mono'].filter(Boolean).join(' ');
  return (
    <span className={classes || undefined} title={view.title} data-ref-state={view.state}>
      {view.text}
    </span>
  );
}
