// Whether a new connection keeps an offline copy, asked before its first copy is made by itself.
export function KeepCopyChoice({ keep, onChange }: { keep: boolean; onChange: (keep: boolean) => void }) {
  return (
    <label className="inline">
      <input type="checkbox" checked={keep} onChange={(e) => onChange(e.target.checked)} />
      Keep an offline copy of its records on this computer{' '}
      <span className="muted">
        (for Portfolio, Today, search and working offline; you can delete it at any time)
      </span>
    </label>
  );
}
