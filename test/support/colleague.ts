// A colleague at the demo service, for tests: adds, changes and removes records as a person would in
// the service's web application, over HTTP (the sandbox started with `colleague: true` or
// `--colleague`), and the everyday things later tests need: a payment marked paid or late, an emergency
// request opened, a lease's end or rent changed, a tenant added, a document removed.
import type { PersonaRole } from '../../src/sandbox';
import type { Collection } from '../../src/shared/service';

export type ColleagueRecord = Record<string, unknown> & { id: string };

/** Who acts: a demo role (default the Property Manager) in an organisation (default the demo one). */
export interface ActingAs {
  as?: PersonaRole;
  organisation?: string;
}

/** The sandbox said no: its status, error code, plain-words message and details (e.g. each field's problem). */
export class ColleagueRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

const today = () => new Date().toISOString().slice(0, 10);

export class Colleague {
  constructor(
    private readonly baseUrl: string,
    private readonly acting: ActingAs = {},
  ) {}

  /** The same colleague acting as someone else. */
  actingAs(acting: ActingAs): Colleague {
    return new Colleague(this.baseUrl, { ...this.acting, ...acting });
  }

  add(collection: Collection, fields: Record<string, unknown>): Promise<ColleagueRecord> {
    return this.send('POST', `/${collection}`, { fields }).then((a) => a.data);
  }

  /** The record as changed, and what the changed fields held before. */
  change(
    collection: Collection,
    id: string,
    fields: Record<string, unknown>,
  ): Promise<{ record: ColleagueRecord; before: Record<string, unknown> }> {
    return this.send('PATCH', `/${collection}/${encodeURIComponent(id)}`, { fields }).then((a) => ({
      record: a.data,
      before: a.before ?? {},
    }));
  }

  /** Removes the record; answers it as it was. */
  remove(collection: Collection, id: string): Promise<ColleagueRecord> {
    return this.send('DELETE', `/${collection}/${encodeURIComponent(id)}`, {}).then((a) => a.data);
  }

  markPaid(paymentId: string, paidDate = today()): Promise<ColleagueRecord> {
    return this.change('payments', paymentId, { status: 'paid', paid_date: paidDate }).then((c) => c.record);
  }

  /** Late and not paid: the charge is owed again. */
  markLate(paymentId: string): Promise<ColleagueRecord> {
    return this.change('payments', paymentId, { status: 'late', paid_date: null }).then((c) => c.record);
  }

  openEmergency(request: {
    property_id: string;
    unit_id?: string | null;
    title: string;
    description?: string;
  }): Promise<ColleagueRecord> {
    return this.add('maintenance_requests', { ...request, priority: 'emergency', status: 'open' });
  }

  changeLease(
    leaseId: string,
    fields: { end_date?: string | null; monthly_rent?: number; status?: string },
  ): Promise<ColleagueRecord> {
    return this.change('leases', leaseId, fields).then((c) => c.record);
  }

  addTenant(tenant: {
    name: string;
    email: string;
    phone?: string | null;
    status?: string;
    is_active?: boolean;
  }): Promise<ColleagueRecord> {
    return this.add('tenants', { status: 'current', is_active: true, ...tenant });
  }

  removeDocument(documentId: string): Promise<ColleagueRecord> {
    return this.remove('documents', documentId);
  }

  private async send(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ data: ColleagueRecord; before?: Record<string, unknown> }> {
    const res = await fetch(`${this.baseUrl}/app/colleague${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...this.acting, ...body }),
    });
    const text = await res.text();
    let json: { data?: ColleagueRecord; before?: Record<string, unknown>; error?: Record<string, unknown> };
    try {
      json = JSON.parse(text);
    } catch {
      throw new ColleagueRefused(
        res.status,
        'not_json',
        `The colleague's answer is not JSON: ${text.slice(0, 200)}`,
      );
    }
    if (!res.ok || !json.data) {
      const error = json.error ?? {};
      throw new ColleagueRefused(
        res.status,
        String(error.code ?? 'unknown'),
        String(error.message ?? `HTTP ${res.status}`),
        error.details,
      );
    }
    return { data: json.data, ...(json.before ? { before: json.before } : {}) };
  }
}
