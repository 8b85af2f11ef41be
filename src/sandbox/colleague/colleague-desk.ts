// A colleague at the organisation, for tests: adds, changes and removes records as a person would in the
// service's web application, through the same checks and writes as an approved suggestion and under a
// demo person's name. It exists only when the sandbox is started with --colleague, and answers only
// connections from this computer; anything else gets the 404 of a page that does not exist. It needs no
// API key, so no web page may use it either: JSON bodies, PATCH and DELETE need a CORS preflight the
// sandbox never grants, and a request naming a foreign Origin is not the colleague's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLLECTIONS, type Collection, isCollection } from '../../shared/service';
import type { SandboxCore } from '../core';
import { ApiError, invalid, notFound, validationFailed } from '../http/api-error';
import type { HostAllowList } from '../http/host-allow-list';
import { sendJson } from '../http/respond';
import { nounOf, recordIssues } from '../records/record-checks';
import { createRecord, removeRecord, updateRecord } from '../records/record-writes';
import { referrers } from '../records/referrers';
import type { StoredRecord } from '../store/record-store';
import { type ColleagueRequest, readColleagueRequest } from './colleague-request';
import { isLoopbackAddress } from './loopback';

export const COLLEAGUE_PREFIX = '/app/colleague';

const noSuchRoute = (): ApiError =>
  new ApiError(
    404,
    'not_found',
    `There is no such collection. Use ${COLLEAGUE_PREFIX}/<collection> or ${COLLEAGUE_PREFIX}/<collection>/<id>, the collection one of ${COLLECTIONS.join(', ')}.`,
  );

function decodedId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw noSuchRoute();
  }
}

export class ColleagueDesk {
  constructor(
    private readonly core: SandboxCore,
    private readonly hosts: HostAllowList,
  ) {}

  /** Whether the request is the colleague's: its path, from this computer, sent by no foreign page. */
  accepts(req: IncomingMessage, path: string): boolean {
    if (path !== COLLEAGUE_PREFIX && !path.startsWith(`${COLLEAGUE_PREFIX}/`)) return false;
    const origin = req.headers.origin;
    return (
      isLoopbackAddress(req.socket.remoteAddress) && (origin === undefined || this.hosts.allowsOrigin(origin))
    );
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    const [collection, id, ...extra] = path.slice(COLLEAGUE_PREFIX.length + 1).split('/');
    if (!isCollection(collection) || extra.length > 0 || id === '') throw noSuchRoute();
    const allow = id === undefined ? ['POST'] : ['PATCH', 'DELETE'];
    const method = req.method ?? 'GET';
    if (!allow.includes(method))
      throw new ApiError(
        405,
        'method_not_allowed',
        `This address accepts ${allow.join(' and ')} only: POST a collection to add, PATCH or DELETE a record to change or remove it.`,
        undefined,
        { Allow: allow.join(', ') },
      );
    if ([...query.keys()].length > 0)
      throw invalid('The colleague takes no query parameters; send what to do as JSON.');
    const request = await readColleagueRequest(req, this.core, method !== 'DELETE');
    if (id === undefined) return sendJson(res, 201, { data: this.add(collection, request) });
    const current = this.core.store.get(request.organisation, collection, decodedId(id));
    if (!current) throw notFound(`The ${nounOf(collection)}`);
    if (method === 'PATCH') return sendJson(res, 200, this.change(collection, current, request));
    return sendJson(res, 200, { data: this.remove(collection, current, request) });
  }

  private add(collection: Collection, r: ColleagueRequest): StoredRecord {
    const issues = recordIssues(
      this.core.store,
      r.organisation,
      collection,
      'create',
      r.fields,
      undefined,
      '',
    );
    if (issues.length > 0) throw validationFailed(issues);
    const record = createRecord(this.core, r.organisation, collection, r.fields, r.by);
    this.core.persist();
    return record;
  }

  private change(collection: Collection, current: StoredRecord, r: ColleagueRequest) {
    const issues = recordIssues(this.core.store, r.organisation, collection, 'update', r.fields, current, '');
    if (issues.length > 0) throw validationFailed(issues);
    const before = updateRecord(this.core, r.organisation, collection, current, r.fields, r.by);
    this.core.persist();
    return { data: current, before };
  }

  private remove(collection: Collection, current: StoredRecord, r: ColleagueRequest): StoredRecord {
    const naming = referrers(this.core, r.organisation, collection, current.id);
    if (naming.length > 0) {
      const words = naming.map(
        ({ collection: c, count }) => `${count} ${count === 1 ? nounOf(c) : c.replace('_', ' ')}`,
      );
      throw new ApiError(
        409,
        'record_in_use',
        `This ${nounOf(collection)} is still named by ${words.join(', ')}; remove or change those first.`,
        { namedBy: naming },
      );
    }
    removeRecord(this.core, r.organisation, collection, current.id, r.by);
    this.core.persist();
    return current;
  }
}
