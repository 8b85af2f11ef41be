// Which number fields hold a file's size, and in which unit: the unit a field's name states ("bytes",
// "size_bytes", "byte_size", "size_kb") or, for a field named for a size, its description or an `x-unit`
// keyword ("File size in bytes"). A size whose unit the contract does not give is no size here: it is
// shown as the plain number it is, never guessed into KB.
import type { FieldDescriptor } from './field-descriptor';
import { nameWords } from './field-words';

export type SizeUnit = 'bytes' | 'kilobytes' | 'megabytes';

type Described = Pick<FieldDescriptor, 'name' | 'type'> &
  Partial<Pick<FieldDescriptor, 'description' | 'extensions'>>;

const UNIT_WORDS: ReadonlyArray<[SizeUnit, readonly string[]]> = [
  ['bytes', ['byte', 'bytes']],
  ['kilobytes', ['kb', 'kilobyte', 'kilobytes']],
  ['megabytes', ['mb', 'megabyte', 'megabytes']],
];

/** How many bytes one of the unit holds (the file managers' decimal units). */
export const BYTES_IN: Record<SizeUnit, number> = { bytes: 1, kilobytes: 1_000, megabytes: 1_000_000 };

const unitIn = (words: readonly string[]): SizeUnit | null =>
  UNIT_WORDS.find(([, list]) => words.some((w) => list.includes(w)))?.[0] ?? null;

export function sizeUnitOf(field: Described): SizeUnit | null {
  if (field.type !== 'integer' && field.type !== 'number') return null;
  const name = nameWords(field.name);
  const named = unitIn(name);
  if (named) return named;
  if (!name.includes('size')) return null;
  const unit = field.extensions?.['x-unit'];
  const said = [typeof unit === 'string' ? unit : '', field.description ?? ''].join(' ');
  return unitIn(said.toLowerCase().split(/[^a-z]+/));
}
