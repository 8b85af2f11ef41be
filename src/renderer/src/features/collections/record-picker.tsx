// Picks a record of another collection for an *_id filter or draft field. The service has no search:
// with an offline copy the picker searches the copy; without one it reads the target collection page
// by page and searches what it has read. An ID typed in full is offered once a read by it finds the
// record (picker-matches.ts). Each choice carries the second line search hits carry (a tenant's email,
// a property's address), a tenant's starting with where they rent ("Willow Row · 2"), so namesakes
// can be told apart when picking, and a place typed after a name narrows to the one living there.
import { Command } from 'cmdk';
import { Popover } from 'radix-ui';
import { ChevronsUpDown, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Collection } from '../../../../shared/service';
import { RefName } from '../../labels/ref-name';
import { useLabels, useTenantPlaces } from '../../labels/use-labels-api';
import { tellApart, withPlace } from '../../../../shared/tell-apart';
import { useDebounced } from '../../lib/use-debounced';
import { useContract } from '../contract/use-contract-api';
import { pickerMatches, placeCandidates } from './picker-matches';
import { recordLabel } from './record-label';
import { usePickerPages, usePickerSearch } from './use-collections-api';

const PLACES_DEBOUNCE_MS = 150;

export interface RecordPickerProps {
  id: string;
  label: string;
  target: Collection;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  /** What the button says with no record chosen: "Any" for a filter, "Not set" in a form. */
  emptyText?: string;
  disabled?: boolean;
  /** Offer a button that clears the choice; off where the value may not be empty. */
  clearable?: boolean;
  /** Said in the button's name: a button cannot carry aria-required. */
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Only records these filters of the service select (a unit picker narrowed to one property). */
  filters?: Record<string, string>;
  /** Says what narrows the list ("Units of Cedar Commons"), shown above it. */
  narrowedNote?: string;
  /** Choices offered before the records read, under their own heading (a record a draft creates). */
  extra?: { heading: string; choices: ReadonlyArray<{ key: string; text: string; onSelect: () => void }> };
}

/** The choices offered before the records read, under their heading. */
function ExtraChoices({
  extra,
  onChosen,
}: {
  extra: NonNullable<RecordPickerProps['extra']>;
  onChosen: () => void;
}) {
  return (
    <Command.Group heading={extra.heading}>
      {extra.choices.map((c) => (
        <Command.Item
          key={c.key}
          value={`extra:${c.key}`}
          onSelect={() => {
            c.onSelect();
            onChosen();
          }}
        >
          {c.text}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

export function RecordPicker(props: RecordPickerProps) {
  const { id, label, target, value, onChange, emptyText = 'Any', disabled = false, clearable = true } = props;
  const [open, setOpen] = useState(false);
  const labels = useLabels(value ? [{ collection: target, id: value }] : []);
  const chosen = value ? labels(target, value) : undefined;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className="picker">
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            className="btn filter-control"
            disabled={disabled}
            aria-label={`${label}${props.required ? ' (required)' : ''}: ${chosen?.text ?? emptyText.toLowerCase()}`}
            aria-invalid={props.invalid || undefined}
            aria-describedby={props.describedBy}
          >
            {chosen ? (
              <RefName view={chosen} className="picker-value" />
            ) : (
              <span className="picker-value">{emptyText}</span>
            )}
            <ChevronsUpDown size={13} aria-hidden />
          </button>
        </Popover.Trigger>
        {value && clearable && !disabled ? (
          <button
            type="button"
            className="btn icon"
            aria-label={`Clear ${label}`}
            onClick={() => onChange(undefined)}
          >
            <X size={12} aria-hidden />
          </button>
        ) : null}
      </div>
      <Popover.Portal>
        <Popover.Content className="popover" align="start" sideOffset={4}>
          <RecordChoices
            {...props}
            onChosen={(chosenId) => {
              if (chosenId !== undefined) onChange(chosenId);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The picker's open list: a search over the target's records (the copy's, else those read so far),
 * the choices offered before them, each record with what tells it from its namesakes and its ID, and
 * a way to read more. Mounted while the picker is open, so each opening searches afresh.
 */
function RecordChoices({
  label,
  target,
  filters,
  narrowedNote,
  extra,
  onChosen,
}: RecordPickerProps & { onChosen: (id: string | undefined) => void }) {
  const [search, setSearch] = useState('');
  const fields = useContract().contract?.recordFields[target];
  const pages = usePickerPages(target, true, filters);
  const records = useMemo(() => pages.data?.pages.flatMap((p) => p.data) ?? [], [pages.data]);
  const searched = usePickerSearch(search, true);
  // Homes are asked for once typing pauses, not at every keystroke.
  const settled = useDebounced(search, PLACES_DEBOUNCE_MS);
  const candidates = useMemo(
    () => placeCandidates(target, records, settled, searched.data, filters),
    [target, records, settled, searched.data, filters],
  );
  const places = useTenantPlaces(candidates);
  const { records: matches, fromCopy } = useMemo(
    () => pickerMatches(target, records, search, searched.data, filters, places),
    [target, records, search, searched.data, filters, places],
  );
  // The matches on show are named in one call; a match shows its own words until its full label
  // (with the records it belongs to) arrives.
  const labels = useLabels(matches.map((r) => ({ collection: target, id: r.id })));
  // The copy answers after the keystroke, so the list would keep a selection from an earlier answer (a
  // namesake first for the first letters): whatever is offered anew selects its first, ready for Enter.
  const offered = [...(extra?.choices.map((c) => `extra:${c.key}`) ?? []), ...matches.map((r) => r.id)];
  const offeredKey = offered.join('\n');
  const [selection, setSelection] = useState({ offered: offeredKey, value: offered[0] ?? '' });
  if (selection.offered !== offeredKey) setSelection({ offered: offeredKey, value: offered[0] ?? '' });
  return (
    <Command
      shouldFilter={false}
      label={`Choose ${label}`}
      value={selection.value}
      onValueChange={(value) => setSelection({ offered: offeredKey, value })}
    >
      <Command.Input
        value={search}
        onValueChange={setSearch}
        placeholder="Search by name, address or ID…"
        className="input"
      />
      {narrowedNote ? <p className="muted small picker-narrowed">{narrowedNote}</p> : null}
      <Command.List className="command-list">
        {extra?.choices.length ? <ExtraChoices extra={extra} onChosen={() => onChosen(undefined)} /> : null}
        {pages.isPending ? <Command.Loading>Loading…</Command.Loading> : null}
        <Command.Empty>
          {fromCopy
            ? 'No match in the offline copy.'
            : `No match among ${records.length.toLocaleString()} read.`}
        </Command.Empty>
        {matches.map((r) => {
          const named = labels(target, r.id);
          const second = withPlace(places[r.id], tellApart(target, r, fields));
          return (
            <Command.Item key={r.id} value={r.id} onSelect={() => onChosen(r.id)}>
              <span className="search-text">
                <span>{named.state === 'named' ? named.text : recordLabel(target, r)}</span>
                {second ? <span className="muted search-second">{second}</span> : null}
              </span>
              <span className="muted mono">{r.id}</span>
            </Command.Item>
          );
        })}
      </Command.List>
      {pages.hasNextPage && !fromCopy ? (
        <button
          type="button"
          className="btn"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Reading…' : `Search more (${records.length.toLocaleString()} read)`}
        </button>
      ) : null}
    </Command>
  );
}
