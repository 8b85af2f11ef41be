// Said on Today while the demo organisation is in use: its records are sample data kept on this
// computer, and the way to connect the user's own organisation instead.
import { FlaskConical, Plug } from 'lucide-react';
import { useNavigate } from '../../router/use-route';

export function SampleBanner() {
  const navigate = useNavigate();
  return (
    <section className="today-sample" aria-label="Sample data">
      <FlaskConical size={18} aria-hidden />
      <div>
        <strong>This is sample data.</strong> The demo organisation runs on this computer so you can try
        PropDesk: nothing you do here reaches a real property-management service.
      </div>
      <button
        type="button"
        className="btn primary"
        onClick={() => navigate({ view: 'connections', add: true })}
      >
        <Plug size={14} aria-hidden /> Connect your organisation
      </button>
    </section>
  );
}
