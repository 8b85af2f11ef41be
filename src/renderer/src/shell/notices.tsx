// Notices from main that the user must see once, such as a damaged database that was moved aside.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, X } from 'lucide-react';
import { useState } from 'react';
import { unwrap } from '../lib/call';

export function Notices() {
  const info = useQuery({
    queryKey: ['app-info'],
    queryFn: () => unwrap(window.propdesk.app.info()),
    staleTime: Infinity,
  });
  const [dismissed, setDismissed] = useState<string[]>([]);
  const visible = (info.data?.notices ?? []).filter((n) => !dismissed.includes(n.id));
  if (!visible.length) return null;
  return (
    <div className="notices">
      {visible.map((n) => (
        <div key={n.id} className="alert" role="alert">
          <AlertTriangle size={16} aria-hidden />
          <div style={{ flex: 1 }}>{n.message}</div>
          <button
            type="button"
            className="btn icon"
            aria-label="Dismiss"
            onClick={() => setDismissed((d) => [...d, n.id])}
          >
            <X size={12} aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
