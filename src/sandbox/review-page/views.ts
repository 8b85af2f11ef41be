// The review page's content: identity picker, approval matrix, batches and proposals with
// before → after values and approve/dismiss forms (plain HTML forms; no script needed).
import { RESOURCE_COLLECTION, RESOURCE_TYPES } from '../../shared/service';
import type { SandboxCore } from '../core';
import {
  APPROVAL_MATRIX,
  PERSONA_ROLES,
  type PersonaRole,
  ROLE_LABELS,
  mayApprove,
  mayDismiss,
  personaName,
} from '../personas';
import { fieldLabel, formatValue } from '../proposals/describe';
import type { BatchEntry, ProposalEntry } from '../proposals/model';
import type { ReviewSession } from './session';
import { esc } from './html';

export interface ViewContext {
  core: SandboxCore;
  org: string;
  role: PersonaRole | undefined;
  session: ReviewSession;
  returnTo: string;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** The hidden fields every decision posts: the session's token, whose queue, where to return, what. */
function decisionFields(
  v: ViewContext,
  action: 'approve' | 'dismiss',
  target: { proposal?: string; batch?: string },
): string {
  return `${hidden('csrf', v.session.csrf)}${hidden('org', v.org)}${hidden('return', v.returnTo)}${hidden('action', action)}${
    target.proposal ? hidden('proposal', target.proposal) : ''
  }${target.batch ? hidden('batch', target.batch) : ''}`;
}

function decisionForm(
  v: ViewContext,
  action: 'approve' | 'dismiss',
  target: { proposal?: string; batch?: string },
  label: string,
  accessible: string,
): string {
  return `<form class="inline" method="post" action="/app/automation/decide">${decisionFields(v, action, target)}<button type="submit" aria-label="${esc(accessible)}"${action === 'approve' ? ' class="primary"' : ''}>${esc(label)}</button></form>`;
}

/**
 * The question a whole-batch decision asks first, as a web application should before changing many
 * records at once: what will happen to how many suggestions, each listed, with Cancel as the way out.
 */
export function batchConfirmation(
  v: ViewContext,
  action: 'approve' | 'dismiss',
  batch: BatchEntry,
  pending: ProposalEntry[],
): string {
  const name = batch.label ?? batch.id;
  const verb = action === 'approve' ? 'Approve and apply' : 'Dismiss';
  const count = `${pending.length} pending suggestion${pending.length === 1 ? '' : 's'}`;
  const consequence =
    action === 'approve'
      ? 'Each one you may approve changes the organisation’s records at once.'
      : 'Dismissed suggestions cannot be approved later.';
  const list = pending.map((p) => `<li>${esc(p.summary)}</li>`).join('');
  return `<main><h1>${esc(verb)} ${esc(count)} of batch ${esc(name)}?</h1><p>${consequence}</p><ul>${list}</ul><form method="post" action="/app/automation/decide">${decisionFields(v, action, { batch: batch.id })}${hidden('confirmed', 'yes')}<button type="submit"${action === 'approve' ? ' class="primary"' : ''}>${esc(verb)} ${esc(count)}</button> <a href="${esc(v.returnTo)}">Cancel</a></form></main>`;
}

export function identitySection(v: ViewContext): string {
  const options = PERSONA_ROLES.map(
    (r) => `<option value="${r}"${r === v.role ? ' selected' : ''}>${esc(personaName(v.org, r))}</option>`,
  ).join('');
  const current = v.role
    ? `You are acting as <strong>${esc(personaName(v.org, v.role))}</strong>.`
    : 'Choose who you are before deciding anything.';
  return `<section aria-labelledby="identity-h"><h2 id="identity-h">Your identity</h2><p>${current}</p><form method="post" action="/app/automation/identity">${hidden('csrf', v.session.csrf)}${hidden('org', v.org)}${hidden('return', v.returnTo)}<label for="role">Demo identity</label> <select id="role" name="role">${options}</select> <button type="submit">Use this identity</button></form></section>`;
}

export function matrixSection(): string {
  const head = RESOURCE_TYPES.map((t) => `<th scope="col">${esc(fieldLabel(t))}</th>`).join('');
  const rows = PERSONA_ROLES.map(
    (r) =>
      `<tr><th scope="row">${esc(ROLE_LABELS[r])}</th>${RESOURCE_TYPES.map((t) => `<td>${APPROVAL_MATRIX[r].includes(t) ? 'may approve' : '—'}</td>`).join('')}</tr>`,
  ).join('');
  return `<section aria-labelledby="matrix-h"><h2 id="matrix-h">Who may approve what</h2><table><caption class="muted">Anyone but a Maintenance Coordinator may dismiss.</caption><thead><tr><th scope="col">Role</th>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

function changeTable(v: ViewContext, p: ProposalEntry): string {
  const current =
    p.resourceId && p.operation === 'update'
      ? v.core.store.get(v.org, RESOURCE_COLLECTION[p.resourceType], p.resourceId)
      : undefined;
  const rows = Object.entries(p.fields)
    .map(([f, after]) => {
      const before = p.operation === 'create' ? '—' : formatValue(f, p.before ? p.before[f] : current?.[f]);
      return `<tr><th scope="row">${esc(fieldLabel(f))}</th><td>${esc(before)}</td><td>${esc(formatValue(f, after))}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The record a proposal names; a create's only when the service says which record creates make. */
const shownId = (v: ViewContext, p: ProposalEntry): string | null =>
  p.operation === 'create' && v.core.options.noCreatedIds ? null : p.resourceId;

export function proposalArticle(v: ViewContext, p: ProposalEntry): string {
  const id = `p-${p.id}`;
  const recordId = shownId(v, p);
  const flags = p.flags.length
    ? `<ul class="flags" aria-label="Flags">${p.flags.map((f) => `<li class="${f.severity}">${esc(f.message)}</li>`).join('')}</ul>`
    : '';
  let actions = '';
  if (p.status === 'proposed') {
    if (!v.role) actions = '<p class="muted">Choose your identity to decide.</p>';
    else {
      actions += mayApprove(v.role, p.resourceType)
        ? decisionForm(v, 'approve', { proposal: p.id }, 'Approve', `Approve: ${p.summary}`)
        : `<p class="muted">A ${esc(ROLE_LABELS[v.role])} may not approve ${esc(fieldLabel(p.resourceType))} changes.</p>`;
      if (mayDismiss(v.role))
        actions += decisionForm(v, 'dismiss', { proposal: p.id }, 'Dismiss', `Dismiss: ${p.summary}`);
    }
  } else if (p.decidedBy)
    actions = `<p class="muted">${p.status === 'applied' ? 'Approved' : 'Dismissed'} by ${esc(p.decidedBy)} at ${esc(new Date(p.decidedAt!).toISOString())}.</p>`;
  return `<article aria-labelledby="${id}"><h3 id="${id}">${esc(p.summary)}</h3><p><span class="status s-${p.status}">${esc(p.status)}</span> · ${esc(p.operation)} ${esc(fieldLabel(p.resourceType))}${
    recordId ? ` <code>${esc(recordId)}</code>` : ''
  } · expires ${esc(new Date(p.expiresAt).toISOString())}</p>${flags}${changeTable(v, p)}${actions}</article>`;
}

export function batchSection(v: ViewContext, batch: BatchEntry, proposals: ProposalEntry[]): string {
  const hid = `b-${batch.id}`;
  const pending = proposals.filter((p) => p.status === 'proposed').length;
  const bulk =
    pending > 0 && v.role
      ? decisionForm(
          v,
          'approve',
          { batch: batch.id },
          'Approve all pending',
          `Approve all pending suggestions of batch ${batch.label ?? batch.id}`,
        ) +
        (mayDismiss(v.role)
          ? decisionForm(
              v,
              'dismiss',
              { batch: batch.id },
              'Dismiss all pending',
              `Dismiss all pending suggestions of batch ${batch.label ?? batch.id}`,
            )
          : '')
      : '';
  return `<section aria-labelledby="${hid}"><h2 id="${hid}">Batch: ${esc(batch.label ?? batch.id)}</h2><p class="muted">${esc(v.core.book.batchStatus(batch))} · ${pending} of ${proposals.length} pending · submitted ${esc(
    new Date(batch.createdAt).toISOString(),
  )} · <a href="/app/automation?batch=${encodeURIComponent(batch.id)}">batch page</a></p>${bulk}${proposals.map((p) => proposalArticle(v, p)).join('')}</section>`;
}
