// The web application's "API & Automation" section: the queue of an organisation's pending
// suggestions (/app/automation?org=…), one batch (/app/automation?batch=…), and the form posts
// that set the demo identity and approve or dismiss. The only place where decisions are made.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxCore } from '../core';
import type { HostAllowList } from '../http/host-allow-list';
import { readBody } from '../http/read-body';
import { redirect, sendHtml } from '../http/respond';
import { isPersonaRole, personaName } from '../personas';
import { type DecisionAction, decide } from '../proposals/decide';
import { esc, page } from './html';
import { SessionStore, personaCookieHeader, personaOf, refuseCrossSite } from './session';
import { type ViewContext, batchConfirmation, batchSection, identitySection, matrixSection } from './views';

const safeReturn = (value: string | null): string =>
  value && /^\/app\/automation(\?[\w=&%.-]*)?$/.test(value) ? value : '/app/automation';

export class ReviewPage {
  private readonly sessions = new SessionStore();

  constructor(
    private readonly core: SandboxCore,
    private readonly hosts: HostAllowList,
  ) {}

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    if (req.method === 'GET' && path === '/app/automation') return this.show(req, res, query);
    if (req.method === 'POST' && (path === '/app/automation/identity' || path === '/app/automation/decide'))
      return this.post(req, res, path);
    const frame = page(
      'Not found',
      '<main><h1>Not found</h1><p><a href="/app/automation">API &amp; Automation</a></p></main>',
    );
    sendHtml(res, req.method === 'GET' ? 404 : 405, frame.html, frame.headers);
  }

  private show(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    this.core.expire();
    const { session, setCookie } = this.sessions.ensure(req);
    const cookies: Record<string, string> = setCookie ? { 'Set-Cookie': setCookie } : {};
    const batchId = query.get('batch');
    const batch = batchId ? this.core.book.batches.get(batchId) : undefined;
    const orgId = batch?.organisation ?? query.get('org') ?? undefined;
    const org = orgId ? this.core.store.orgs.get(orgId) : undefined;
    if ((batchId && !batch) || (orgId && !org) || !org) {
      const links = [...this.core.store.orgs.values()]
        .map((o) => `<li><a href="/app/automation?org=${encodeURIComponent(o.id)}">${esc(o.name)}</a></li>`)
        .join('');
      const missing = batchId || orgId ? '<p role="alert">There is no such batch or organisation.</p>' : '';
      const frame = page(
        'API & Automation',
        `<header><h1>API &amp; Automation</h1></header><main>${missing}<h2>Organisations</h2><ul>${links}</ul></main>`,
      );
      return sendHtml(res, batchId || orgId ? 404 : 200, frame.html, { ...frame.headers, ...cookies });
    }
    const returnTo = batch
      ? `/app/automation?batch=${encodeURIComponent(batch.id)}`
      : `/app/automation?org=${encodeURIComponent(org.id)}`;
    const v: ViewContext = { core: this.core, org: org.id, role: personaOf(req, org.id), session, returnTo };
    const flash = session.flash
      ? `<p class="flash ${session.flash.kind}" role="status">${esc(session.flash.text)}</p>`
      : '';
    session.flash = undefined;
    let content: string;
    if (batch) content = batchSection(v, batch, this.core.book.batchProposals(batch));
    else {
      const pending = this.core.book.pendingOf(org.id);
      const batchIds = [...new Set(pending.map((p) => p.batchId))];
      content = `<h2>Pending suggestions (${pending.length})</h2>${
        batchIds.length === 0
          ? '<p>Nothing is waiting for review. New suggestions from integrations appear here.</p>'
          : ''
      }${batchIds
        .map((id) =>
          batchSection(
            v,
            this.core.book.batches.get(id)!,
            pending.filter((p) => p.batchId === id),
          ),
        )
        .join('')}`;
    }
    const title = batch ? `Review batch ${batch.label ?? batch.id}` : 'Suggestions queue';
    const body = `<header><h1>API &amp; Automation</h1><p class="muted">${esc(org.name)} · <a href="/app/automation?org=${encodeURIComponent(org.id)}">Queue</a></p></header><main>${flash}${identitySection(v)}${content}${matrixSection()}</main>`;
    const frame = page(`${title} — API & Automation`, body);
    sendHtml(res, 200, frame.html, { ...frame.headers, ...cookies });
  }

  private async post(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const session = this.sessions.find(req);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
    const form =
      type === 'application/x-www-form-urlencoded'
        ? new URLSearchParams((await readBody(req, 65_536)).toString('utf8'))
        : new URLSearchParams();
    const refusal = refuseCrossSite(req, session, form.get('csrf'), this.hosts);
    if (refusal || !session) {
      const frame = page(
        'Refused',
        `<main><h1>Request refused</h1><p role="alert">${esc(refusal ?? 'No session.')}</p><p><a href="/app/automation">Back to API &amp; Automation</a></p></main>`,
      );
      return sendHtml(res, 403, frame.html, frame.headers);
    }
    const org = form.get('org') ?? '';
    const back = safeReturn(form.get('return'));
    if (!this.core.store.orgs.has(org)) {
      session.flash = { kind: 'error', text: 'Unknown organisation.' };
      return redirect(res, back);
    }
    if (path === '/app/automation/identity') {
      const role = form.get('role');
      if (!isPersonaRole(role)) {
        session.flash = { kind: 'error', text: 'Choose one of the listed identities.' };
        return redirect(res, back);
      }
      session.flash = { kind: 'ok', text: `You are now acting as ${personaName(org, role)}.` };
      return redirect(res, back, { 'Set-Cookie': personaCookieHeader(org, role) });
    }
    const role = personaOf(req, org);
    const action = form.get('action');
    if (!role || (action !== 'approve' && action !== 'dismiss')) {
      session.flash = {
        kind: 'error',
        text: role ? 'Unknown action.' : 'Choose your identity before deciding.',
      };
      return redirect(res, back);
    }
    // A whole batch is decided only after a second, explicit step that names what will happen.
    const batch = form.get('batch') ? this.core.book.batches.get(form.get('batch')!) : undefined;
    if (batch && batch.organisation === org && form.get('confirmed') !== 'yes') {
      const pending = this.core.book.batchProposals(batch).filter((p) => p.status === 'proposed');
      if (pending.length > 0) {
        const v: ViewContext = { core: this.core, org, role, session, returnTo: back };
        const frame = page('Confirm — API & Automation', batchConfirmation(v, action, batch, pending));
        return sendHtml(res, 200, frame.html, frame.headers);
      }
    }
    session.flash = this.decideForm(org, role, action, form);
    return redirect(res, back);
  }

  private decideForm(
    org: string,
    role: Parameters<typeof decide>[2],
    action: DecisionAction,
    form: URLSearchParams,
  ): { kind: 'ok' | 'error'; text: string } {
    const proposalId = form.get('proposal');
    const batch = form.get('batch') ? this.core.book.batches.get(form.get('batch')!) : undefined;
    if (proposalId) {
      const outcome = decide(this.core, proposalId, role, action, org);
      return outcome.ok
        ? {
            kind: 'ok',
            text: `${action === 'approve' ? 'Approved and applied' : 'Dismissed'}: ${String(outcome.proposal.summary)}`,
          }
        : { kind: 'error', text: outcome.message };
    }
    if (!batch || batch.organisation !== org)
      return { kind: 'error', text: 'No such batch in this organisation.' };
    const pending = this.core.book.batchProposals(batch).filter((p) => p.status === 'proposed');
    const refusals = new Set<string>();
    let done = 0;
    for (const p of pending) {
      const outcome = decide(this.core, p.id, role, action, org);
      if (outcome.ok) done += 1;
      else refusals.add(outcome.message);
    }
    const verb = action === 'approve' ? 'Approved and applied' : 'Dismissed';
    const left = pending.length - done;
    return {
      kind: left > 0 ? 'error' : 'ok',
      text: `${verb} ${done} of ${pending.length} pending suggestions.${left > 0 ? ` ${left} left pending: ${[...refusals].join(' ')}` : ''}`,
    };
  }
}
