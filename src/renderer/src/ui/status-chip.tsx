// A record's status as a chip coloured and worded by what it means to a landlord (status-meaning.ts):
// settled or running green, wanting attention amber, money owed red, over and done with grey; a value
// whose words say nothing plain. The words are always there, so colour is never the only sign.
import type { StatusTone } from '../../../shared/status-meaning';
import { enumWords } from '../../../shared/contract';

const TONE_CLASS: Record<StatusTone, string> = {
  ok: 'badge tone-ok',
  attention: 'badge tone-attention',
  owed: 'badge tone-owed',
  quiet: 'badge tone-quiet',
  plain: 'badge',
};

export function StatusChip({ value, tone, after }: { value: string; tone: StatusTone; after?: string }) {
  return (
    <span className={TONE_CLASS[tone]} data-tone={tone}>
      {enumWords(value)}
      {after ? ` · ${after}` : null}
    </span>
  );
}
