// The rent review preview, one row per lease, key columns first: lease, tenant, current → new rent,
// the change and a note (how far a rent ends above market, or why a lease is skipped), then the market
// rent, unit and property; a box to leave the lease out. Virtualized, so a review of thousands of
// leases keeps only the rows on screen in the DOM.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import type { RentReviewRow } from '../../../../shared/drafts';
import type { LabelRef } from '../../../../shared/label-refs';
import { formatRoute } from '../../router/routes';
import { RefName } from '../../labels/ref-name';
import { useLabels } from '../../labels/use-labels-api';
import type { LabelView } from '../../labels/label-view';
import type { KeptTotals } from './rent-review-totals';
import { signed } from './rent-review-totals';

const ROW_HEIGHT = 32;
/** Leases are named a block of rows at a time, so a scroll asks again only at another block. */
const LABEL_BLOCK = 50;
/** Include box, lease, tenant, current, new, change, note, market, unit, property. */
const TEMPLATE =
  '40px minmax(180px, 1.6fr) minmax(140px, 1.1fr) 110px 110px 100px minmax(240px, 1.6fr) 110px minmax(120px, 1fr) minmax(140px, 1fr)';

export interface RentReviewTableProps {
  rows: readonly RentReviewRow[];
  left: ReadonlySet<string>;
  totals: KeptTotals;
  rentLabel: string;
  marketLabel: string | undefined;
  money: (n: number | null) => string;
  onToggle: (leaseId: string) => void;
  onToggleAll: (keep: boolean) => void;
}

interface RowProps {
  row: RentReviewRow;
  index: number;
  start: number;
  kept: boolean;
  lease: LabelView;
  unit: LabelView | null;
  tenant: LabelView | null;
  property: LabelView | null;
  money: (n: number | null) => string;
  onToggle: (leaseId: string) => void;
}

/** What a row's note says: why it is skipped or left out, or where it ends against the market rent. */
function rowNote(row: RentReviewRow, kept: boolean, money: (n: number | null) => string): string {
  if (row.skipped !== null) return row.skipped;
  if (!kept) return 'Left out';
  if (row.aboveMarket !== null) return `ends ${money(row.aboveMarket)} above market rent`;
  return row.heldAtMarket ? 'stops at the market rent' : '';
}

const Ref = ({ view }: { view: LabelView | null }) => (
  <div role="cell" className="rr-ref">
    {view ? <RefName view={view} /> : '—'}
  </div>
);

const Row = memo(function Row({
  row,
  index,
  start,
  kept,
  lease,
  unit,
  tenant,
  property,
  money,
  onToggle,
}: RowProps) {
  const skipped = row.skipped !== null;
  const delta = row.proposed - row.current;
  const note = rowNote(row, kept, money);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`vgrid-row rr-row${skipped ? ' skipped' : kept ? '' : ' left-out'}`}
      style={{ gridTemplateColumns: TEMPLATE, transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="rr-check">
        <input
          type="checkbox"
          checked={!skipped && kept}
          disabled={skipped}
          aria-label={`Include lease ${lease.text}`}
          onChange={() => onToggle(row.leaseId)}
        />
      </div>
      <div role="cell" className="rr-ref">
        <a href={formatRoute({ view: 'collection', collection: 'leases', recordId: row.leaseId, query: {} })}>
          <RefName view={lease} />
        </a>
      </div>
      <Ref view={tenant} />
      <div role="cell" className="num">
        {skipped && row.current === 0 && row.skipped?.startsWith('No rent') ? '—' : money(row.current)}
      </div>
      <div role="cell" className="num">
        {skipped ? '—' : money(row.proposed)}
      </div>
      <div
        role="cell"
        className={`num${!skipped && delta > 0 ? ' up' : !skipped && delta < 0 ? ' down' : ''}`}
      >
        {skipped ? '—' : signed(Math.round(delta * 100) / 100, (n) => money(n))}
      </div>
      <div
        role="cell"
        className={`rr-note${!skipped && kept && row.aboveMarket !== null ? ' above' : ''}`}
        title={note || undefined}
      >
        {note}
      </div>
      <div role="cell" className="num">
        {money(row.market)}
      </div>
      <Ref view={unit} />
      <Ref view={property} />
    </div>
  );
});

/** The column heads, with the box that includes or leaves out every lease the rule changes. */
function HeadRow({
  totals,
  rentLabel,
  marketLabel,
  onToggleAll,
}: Pick<RentReviewTableProps, 'totals' | 'rentLabel' | 'marketLabel' | 'onToggleAll'>) {
  const allKept = totals.kept === totals.eligible && totals.eligible > 0;
  return (
    <div role="rowgroup" className="vgrid-head">
      <div role="row" aria-rowindex={1} className="vgrid-row" style={{ gridTemplateColumns: TEMPLATE }}>
        <div role="columnheader" className="rr-check">
          <input
            type="checkbox"
            checked={allKept}
            ref={(el) => {
              if (el) el.indeterminate = totals.kept > 0 && !allKept;
            }}
            disabled={totals.eligible === 0}
            aria-label="Include every lease the rule changes"
            onChange={() => onToggleAll(!allKept)}
          />
        </div>
        <div role="columnheader">Lease</div>
        <div role="columnheader">Tenant</div>
        <div role="columnheader" className="num" title={`Current ${rentLabel.toLowerCase()}`}>
          Current
        </div>
        <div role="columnheader" className="num">
          New
        </div>
        <div role="columnheader" className="num">
          Change
        </div>
        <div role="columnheader">Note</div>
        <div role="columnheader" className="num">
          {marketLabel ?? 'Market rent'}
        </div>
        <div role="columnheader">Unit</div>
        <div role="columnheader">Property</div>
      </div>
    </div>
  );
}

/** The totals of the leases kept in, under the current, new and change columns. */
function TotalRow({
  totals,
  rowCount,
  money,
}: {
  totals: KeptTotals;
  /** The lease rows above it. */
  rowCount: number;
  money: (n: number | null) => string;
}) {
  return (
    <div role="rowgroup" className="rr-foot">
      <div
        role="row"
        aria-rowindex={rowCount + 2}
        className="vgrid-row rr-total"
        style={{ gridTemplateColumns: TEMPLATE }}
      >
        <div role="cell" />
        <div role="cell" className="rr-total-label">
          Total{' '}
          <span className="muted">
            · {totals.kept.toLocaleString()} of {totals.leases.toLocaleString()} leases
          </span>
        </div>
        <div role="cell" className="num">
          {money(totals.current)}
        </div>
        <div role="cell" className="num">
          {money(totals.proposed)}
        </div>
        <div role="cell" className={`num${totals.delta > 0 ? ' up' : totals.delta < 0 ? ' down' : ''}`}>
          {signed(totals.delta, (n) => money(n))}
        </div>
        <div role="cell" />
        <div role="cell" />
        <div role="cell" />
        <div role="cell" />
      </div>
    </div>
  );
}

export function RentReviewTable({
  rows,
  left,
  totals,
  rentLabel,
  marketLabel,
  money,
  onToggle,
  onToggleAll,
}: RentReviewTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const from = Math.floor((items[0]?.index ?? 0) / LABEL_BLOCK) * LABEL_BLOCK;
  const to = (Math.floor((items.at(-1)?.index ?? 0) / LABEL_BLOCK) + 1) * LABEL_BLOCK;
  const refs: LabelRef[] = [];
  for (const row of rows.slice(from, to)) {
    refs.push({ collection: 'leases', id: row.leaseId });
    if (row.unitId) refs.push({ collection: 'units', id: row.unitId });
    if (row.tenantId) refs.push({ collection: 'tenants', id: row.tenantId });
    if (row.propertyId) refs.push({ collection: 'properties', id: row.propertyId });
  }
  const labels = useLabels(refs);
  return (
    <div
      ref={scrollRef}
      className="vgrid rr-table"
      role="table"
      aria-label="Rent review preview"
      aria-rowcount={rows.length + 2}
      tabIndex={0}
    >
      <HeadRow totals={totals} rentLabel={rentLabel} marketLabel={marketLabel} onToggleAll={onToggleAll} />
      <div
        role="rowgroup"
        className="vgrid-body"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <Row
              key={row.leaseId}
              row={row}
              index={item.index}
              start={item.start}
              kept={!left.has(row.leaseId)}
              lease={labels('leases', row.leaseId)}
              unit={row.unitId ? labels('units', row.unitId) : null}
              tenant={row.tenantId ? labels('tenants', row.tenantId) : null}
              property={row.propertyId ? labels('properties', row.propertyId) : null}
              money={money}
              onToggle={onToggle}
            />
          );
        })}
      </div>
      <TotalRow totals={totals} rowCount={rows.length} money={money} />
    </div>
  );
}
