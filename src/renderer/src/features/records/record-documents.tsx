// The documents attached to a record (for a property, also to its units, leases and tenants), grouped
// by type, each saying what it is attached to; a switch narrows them to the unverified ones.
import { BadgeCheck, CircleDashed } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import { fieldWords } from '../../../../shared/contract';
import type { OwnedDocument } from '../../../../shared/related-records';
import { RESOURCE_COLLECTION } from '../../../../shared/service';
import { formatBytes } from '../../lib/format-size';
import { formatRoute } from '../../router/routes';
import { recordLabel } from '../collections/record-label';
import { useContract } from '../contract/use-contract-api';
import { RefName } from '../../labels/ref-name';
import type { LabelLookup } from '../../labels/label-view';
import { documentSize, groupDocuments } from './document-groups';
import { ownerPrefix } from './owner-words';

function Verified({ document }: { document: OwnedDocument['document'] }) {
  return document.is_verified === true ? (
    <span className="ok">
      <BadgeCheck size={13} aria-hidden /> Verified
    </span>
  ) : (
    <span className="muted">
      <CircleDashed size={13} aria-hidden /> Not verified
    </span>
  );
}

export function RecordDocuments({
  documents,
  labels,
  scope,
  listLink,
}: {
  documents: OwnedDocument[];
  labels: LabelLookup;
  /** What the documents are counted over, in a sentence. */
  scope: string;
  /** The Documents list filtered to this record's own documents. */
  listLink: string;
}) {
  const [unverifiedOnly, setUnverifiedOnly] = useState(false);
  const { contract } = useContract();
  const groups = groupDocuments(documents, unverifiedOnly);
  const unverified = documents.filter((d) => d.document.is_verified !== true).length;
  return (
    <section className="card" aria-labelledby="documents-title">
      <div className="card-row">
        <h2 id="documents-title">
          Documents <span className="muted">({documents.length.toLocaleString()})</span>
        </h2>
        <span className="muted" data-testid="unverified-count">
          {unverified.toLocaleString()} not verified
        </span>
        <span className="spacer" />
        {documents.length > 0 ? (
          <>
            <label className="switch-label" htmlFor="unverified-only">
              Unverified only
            </label>
            <Switch.Root
              id="unverified-only"
              className="switch"
              checked={unverifiedOnly}
              onCheckedChange={setUnverifiedOnly}
            >
              <Switch.Thumb className="switch-thumb" />
            </Switch.Root>
          </>
        ) : null}
      </div>
      <p className="muted">
        {scope} File contents are not available through the service; PropDesk shows what is recorded about
        each file. <a href={listLink}>Documents attached to this record only</a>
      </p>
      {groups.length === 0 ? (
        <p className="muted">
          {unverifiedOnly ? 'Every document is verified.' : 'No documents are recorded.'}
        </p>
      ) : null}
      {groups.map(([type, items]) => (
        <div key={type} className="doc-group">
          <h3>
            {fieldWords(type)} <span className="muted">({items.length})</span>
          </h3>
          <table className="grid" aria-label={`${fieldWords(type)} documents`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col">Verified</th>
                <th scope="col">Attached to</th>
              </tr>
            </thead>
            <tbody>
              {items.map(({ document, ownerType, ownerId }) => (
                <tr key={document.id}>
                  <td>{recordLabel('documents', document, contract)}</td>
                  <td className="num">{formatBytes(documentSize(document))}</td>
                  <td>
                    <Verified document={document} />
                  </td>
                  <td>
                    <a
                      href={formatRoute({
                        view: 'record',
                        collection: RESOURCE_COLLECTION[ownerType],
                        id: ownerId,
                      })}
                    >
                      {ownerPrefix(ownerType)}{' '}
                      <RefName view={labels(RESOURCE_COLLECTION[ownerType], ownerId)} />
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
