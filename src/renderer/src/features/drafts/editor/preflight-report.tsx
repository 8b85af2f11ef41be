// What the check before submitting found, as the submit dialog shows it: the plan in a line, the
// problems to fix first, the records changed since drafting (was → now), the records that could not
// be re-read, the list of exactly what will be suggested, and where it waits when offline.
import { useReach } from '../../connections/use-reach';
import { Alert } from '../../../ui/alert';
import { AlertTriangle } from 'lucide-react';
import type { CompiledContract } from '../../../../../shared/contract';
import type { Preflight } from '../../../../../shared/drafts';
import type { LabelLookup } from '../../../labels/label-view';
import { useCurrency } from '../../connections/use-currency';
import { changeTitle, describeChange, describedField, formatFieldValue } from './change-summary';
import { summarisePlan } from './plan-summary';
import { changeSlips, SlipNotes } from './slip-notes';

/** The records changed since drafting: each changed field as it was when drafted and as it is now. */
function StaleList({
  preflight,
  contract,
  labels,
}: {
  preflight: Preflight;
  contract: CompiledContract | undefined;
  labels: LabelLookup;
}) {
  const byId = new Map(preflight.draft.changes.map((c) => [c.id, c]));
  const currency = useCurrency();
  return (
    <Alert tone="warn">
      <AlertTriangle size={16} aria-hidden />
      <div>
        <strong>
          {preflight.stale.length === 1 ? 'One record has' : `${preflight.stale.length} records have`} changed
          since you drafted
        </strong>
        <ul className="stale-list">
          {preflight.stale.map((s) => {
            const change = byId.get(s.changeId);
            const title = change ? changeTitle(change, labels) : s.resourceId;
            return (
              <li key={s.changeId}>
                <span className="stale-title">{title}</span>
                {s.missing ? (
                  <span> — can no longer be read (deleted, or no longer visible to this key)</span>
                ) : (
                  <ul>
                    {s.fields.map((f) => {
                      const d = change
                        ? describedField(contract, change, f.name)
                        : { name: f.name, label: f.name, type: 'unknown' as const };
                      return (
                        <li key={f.name}>
                          {d.label}: was {formatFieldValue(f.drafted, d, currency)} when drafted, now{' '}
                          <strong>{formatFieldValue(f.current, d, currency)}</strong>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
        <p>Check these changes still make sense; the reviewer will see the values you suggest.</p>
      </div>
    </Alert>
  );
}

/** The problems main found, the first ten of them, each with the change it is about. */
function FixFirst({ preflight, labels }: { preflight: Preflight; labels: LabelLookup }) {
  const problems = preflight.draft.problems;
  return (
    <Alert>
      <div>
        <strong>Fix these first:</strong>
        <ul>
          {problems.slice(0, 10).map((p, i) => {
            const change = preflight.draft.changes.find((c) => c.id === p.changeId);
            return (
              <li key={i}>
                {change ? `${changeTitle(change, labels)}: ` : ''}
                {p.path.replace(/^fields\./, '')} {p.path ? '— ' : ''}
                {p.message}
              </li>
            );
          })}
          {problems.length > 10 ? <li>and {problems.length - 10} more</li> : null}
        </ul>
      </div>
    </Alert>
  );
}

export interface PreflightReportProps {
  preflight: Preflight;
  contract: CompiledContract | undefined;
  /** The changed records by name (the dialog's one call). */
  labels: LabelLookup;
  online: boolean | undefined;
}

export function PreflightReport({ preflight: pf, contract, labels, online }: PreflightReportProps) {
  const reach = useReach();
  const currency = useCurrency();
  // A draft sent in parts sends only the changes that wait for nothing; the others are listed apart.
  const later = new Set(pf.draft.later ?? []);
  const going = pf.draft.changes.filter((c) => !later.has(c.id));
  const plan = summarisePlan(going, currency, contract);
  const now = new Date();
  const warned = new Map(going.map((c) => [c.id, changeSlips(c, contract, currency, now)]));
  const slips = [...warned.values()].reduce((n, w) => n + w.length, 0);
  return (
    <>
      <p className="plan-line">
        <strong>{plan.text}</strong>
      </p>
      {pf.draft.problems.length ? <FixFirst preflight={pf} labels={labels} /> : null}
      {pf.stale.length ? <StaleList preflight={pf} contract={contract} labels={labels} /> : null}
      {pf.unchecked > 0 ? (
        <p className="note">
          {pf.unchecked === 1 ? 'One record' : `${pf.unchecked} records`} could not be re-read because the
          service can’t be reached; the reviewer sees the current values when deciding.
        </p>
      ) : null}
      {slips > 0 ? (
        <p className="note slip-count" role="status">
          {slips === 1 ? 'One value looks' : `${slips} values look`} like a slip: check{' '}
          {slips === 1 ? 'it' : 'them'} below. You can still submit.
        </p>
      ) : null}
      <ol className="submit-list" aria-label="What will be suggested">
        {going.map((c) => (
          <li key={c.id}>
            {describeChange(c, currency, labels, contract)}
            <SlipNotes warnings={warned.get(c.id) ?? []} />
          </li>
        ))}
      </ol>
      {later.size && pf.draft.parts ? (
        <>
          <p className="note">
            Sent as part {pf.draft.parts.part} of {pf.draft.parts.of}. These wait in a draft of their own
            until the new record they name is approved; PropDesk fills it in and tells you when they are
            ready:
          </p>
          <ul className="submit-list" aria-label="Sent in a later part">
            {pf.draft.changes
              .filter((c) => later.has(c.id))
              .map((c) => (
                <li key={c.id}>{describeChange(c, currency, labels, contract)}</li>
              ))}
          </ul>
        </>
      ) : null}
      {online === false ? (
        <p className="note">
          {reach.sentence} The submission waits in the outbox and is sent when the connection returns; you can
          cancel it until then.
        </p>
      ) : null}
    </>
  );
}
