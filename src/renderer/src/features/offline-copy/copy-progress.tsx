// The offline copy's progress bar, as the offline copy screen and Today show it.
import { Progress } from 'radix-ui';

export function CopyProgress({ percent }: { percent: number }) {
  return (
    <Progress.Root className="pf-progress" value={percent} aria-label="Offline copy progress">
      <Progress.Indicator
        className="pf-progress-bar"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </Progress.Root>
  );
}
