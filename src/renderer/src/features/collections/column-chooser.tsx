// Chooses which columns show and in what order.
import { Popover } from 'radix-ui';
import { ArrowDown, ArrowUp, Columns3 } from 'lucide-react';
import type { ColumnPref } from '../../state/column-prefs';
import type { ColumnDef } from './columns';

export function ColumnChooser({
  available,
  visible,
  onChange,
  onReset,
}: {
  available: ColumnDef[];
  visible: ColumnDef[];
  onChange: (pref: ColumnPref) => void;
  onReset: () => void;
}) {
  const shown = new Set(visible.map((c) => c.name));
  const order = [...visible.map((c) => c.name), ...available.map((c) => c.name).filter((n) => !shown.has(n))];
  const byName = new Map(available.map((c) => [c.name, c]));
  const save = (nextOrder: string[], nextShown: Set<string>) =>
    onChange({ order: nextOrder, hidden: nextOrder.filter((n) => !nextShown.has(n)) });
  const move = (index: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
    save(next, shown);
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="btn">
          <Columns3 size={14} aria-hidden /> Columns
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" align="end" sideOffset={4} aria-label="Choose columns">
          <ul className="column-list">
            {order.map((name, index) => (
              <li key={name}>
                <label>
                  <input
                    type="checkbox"
                    checked={shown.has(name)}
                    onChange={(e) => {
                      const next = new Set(shown);
                      if (e.target.checked) next.add(name);
                      else next.delete(name);
                      save(order, next);
                    }}
                  />
                  {byName.get(name)?.label ?? name}
                </label>
                <button
                  type="button"
                  className="btn icon"
                  aria-label={`Move ${byName.get(name)?.label ?? name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp size={12} aria-hidden />
                </button>
                <button
                  type="button"
                  className="btn icon"
                  aria-label={`Move ${byName.get(name)?.label ?? name} down`}
                  disabled={index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={onReset}>
            Reset to default
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
