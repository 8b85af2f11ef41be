// "Save as PDF" of a filtered list (Payments): every record the list's filters match, not only the
// rows on screen, read whole through the app's one listing reader from the copy-first reader (the
// offline copy when it answers, PropDesk's own filters always from it, else the service), printed in
// the columns the screen shows with the organisation, the filters in words, the count and the total of
// the money column (added exactly), in a hidden window so the app's window goes on. Pages are turned
// into printed rows as they come, and main's event loop is let go between them.
import type { CompiledContract } from '../../shared/contract';
import { formatMoment } from '../../shared/date-style';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import { sumInCurrency, summedField } from '../../shared/list-sum';
import type { SummedCollection } from '../../shared/list-sum';
import { formatMoney, MoneyOutOfRange } from '../../shared/money';
import { COLLECTION_LABELS } from '../../shared/labels';
import { collectionWords } from '../../shared/service';
import type { RecordPage, ServiceRecord } from '../../shared/service';
import { listingPages } from '../api/read-listing';
import type { PageLister } from '../api/read-listing';
import { WHOLE_COLLECTION_CAPS } from '../api/paging';
import { UserError } from '../base/user-error';
import type { ListArgs } from '../offline-copy/copy-first-reader';
import type { PaymentPlaces } from '../offline-copy/payment-places';
import { fileNameOf } from './file-name';
import { filterNameWords, filterRefs, filterSentences } from './filter-sentences';
import type { ListFilters } from './filter-sentences';
import { bandTemplates, savePdf } from './pdf-file';
import type { PrintDocumentToPdf } from './pdf-file';
import { fieldColumn, pageRefs, printedCell } from './printed-cells';
import type { PrintedColumn } from './printed-cells';
import { recordsDocumentHtml } from './records-document';
import type { LaidOut } from './records-document';
import type { ChooseSaveFile } from './save-target';
import type { SavedFile, SavedFiles } from './saved-files';

/** The column the Payments list shows each payment's property under, worked out by PropDesk. */
export const PLACE_FIELD = 'property_id';

export interface ListPdfOptions {
  /** A page of the list, as the screen reads it (the copy-first reader). */
  list: (args: ListArgs) => Promise<RecordPage & { offline?: { asOf: string } | undefined }>;
  places: Pick<PaymentPlaces, 'of'>;
  labels: (connectionId: string, refs: LabelRef[]) => Promise<LabelAnswer>;
  contract: (connectionId: string) => CompiledContract | undefined;
  currency: (connectionId: string) => string;
  connectionName: (connectionId: string) => string;
  serviceName: () => string;
  activeId: () => string;
  locale: () => string;
  chooseFile: ChooseSaveFile;
  print: PrintDocumentToPdf;
  savedFiles: Pick<SavedFiles, 'remember'>;
  now?: () => Date;
}

export interface ListPdfArgs extends ListFilters {
  collection: SummedCollection;
  /** The columns the screen shows, in its order, with its headings. */
  columns: ReadonlyArray<{ name: string; label: string }>;
}

/** Printed rows of the listing, with what the heading and the total need. */
interface ReadRows {
  rows: string[][];
  amounts: number[];
  /** The oldest offline copy a page came from; null when every page came from the service. */
  copyAsOf: string | null;
}

export class ListPdf {
  constructor(private readonly o: ListPdfOptions) {}

  /** Asks for a file and writes the PDF there; null when the user cancelled the dialog. */
  async save(args: ListPdfArgs): Promise<(SavedFile & { rows: number; pages: number }) | null> {
    const connectionId = this.o.activeId();
    const contract = this.o.contract(connectionId);
    // Bad columns are refused before the dialog: nothing is asked and nothing written.
    const columns = printedColumns(args, contract);
    const organisation = this.o.connectionName(connectionId);
    const now = this.o.now?.() ?? new Date();
    const locale = this.o.locale();
    const title = COLLECTION_LABELS[args.collection];
    const what = filterNameWords(args);
    let rows = 0;
    let source = '';
    const saved = await savePdf({
      suggestedName: fileNameOf(
        [title, what ? `with ${what}` : null, organisation, `as of ${now.toISOString().slice(0, 10)}`],
        'pdf',
      ),
      locale,
      // The ledger's width decides, once it is laid out: print sets it.
      landscape: false,
      // The header's right side (where the records came from) is known once they are read: print sets it.
      bands: this.bands(organisation, title, ''),
      chooseFile: this.o.chooseFile,
      print: async (layout) => {
        const read = await this.readRows(connectionId, args, columns, locale);
        rows = read.rows.length;
        source = read.copyAsOf
          ? `From PropDesk’s offline copy of ${formatMoment(read.copyAsOf, locale)}`
          : `Read from ${this.o.serviceName()} on ${formatMoment(now.toISOString(), locale)}`;
        const laid = await this.document(connectionId, args, columns, read, { organisation, title, source });
        return this.o.print(laid.html, {
          ...layout,
          landscape: laid.landscape,
          ...this.bands(organisation, title, source),
        });
      },
    });
    return saved ? { ...this.o.savedFiles.remember(saved.path), rows, pages: saved.pages } : null;
  }

  private bands(organisation: string, title: string, source: string) {
    return bandTemplates({ left: `${organisation} — ${title}`, right: source, footer: title });
  }

  /** Every matching record as printed cells, page by page, letting main's event loop go between pages. */
  private async readRows(
    connectionId: string,
    args: ListPdfArgs,
    columns: readonly PrintedColumn[],
    locale: string,
  ): Promise<ReadRows> {
    const { collection, filters, onOrAfter, own } = args;
    const currency = this.o.currency(connectionId);
    const amountField = summedField(collection, this.o.contract(connectionId))?.name;
    const lister: PageLister<RecordPage & { offline?: { asOf: string } | undefined }> = {
      host: this.o.serviceName(),
      list: (listed, query) =>
        this.o.list({
          collection: listed,
          filters: query.filters,
          limit: query.limit,
          cursor: query.cursor,
          onOrAfter,
          own,
        }),
    };
    const read: ReadRows = { rows: [], amounts: [], copyAsOf: null };
    const listed: ServiceRecord[] = [];
    for await (const page of listingPages(lister, collection, filters, { caps: WHOLE_COLLECTION_CAPS })) {
      const asOf = page.offline?.asOf;
      if (asOf && (read.copyAsOf === null || asOf < read.copyAsOf)) read.copyAsOf = asOf;
      listed.push(...page.data);
      await letGo();
    }
    // Each payment's property, by one reading of the copy's leases and units for the whole listing.
    const records = withPlaces(this.o.places.of(collection, { data: listed }));
    for (let at = 0; at < records.length; at += ROWS_PER_STEP) {
      const step = records.slice(at, at + ROWS_PER_STEP);
      const labels = await this.labelsOf(connectionId, pageRefs(step, columns));
      const style = { locale, currency, labels };
      for (const record of step) {
        read.rows.push(columns.map((column) => printedCell(record, column, style)));
        const amount = amountField ? record[amountField] : undefined;
        if (typeof amount === 'number') read.amounts.push(amount);
      }
      await letGo();
    }
    return read;
  }

  /** Labels by labelKey; names that cannot be read leave the IDs showing. */
  private async labelsOf(connectionId: string, refs: LabelRef[]): Promise<Record<string, string>> {
    if (refs.length === 0) return {};
    return this.o
      .labels(connectionId, refs)
      .then((answer) => answer.labels)
      .catch(() => ({}));
  }

  private async document(
    connectionId: string,
    args: ListPdfArgs,
    columns: readonly PrintedColumn[],
    read: ReadRows,
    words: { organisation: string; title: string; source: string },
  ): Promise<LaidOut> {
    const locale = this.o.locale();
    const currency = this.o.currency(connectionId);
    const filterLabels = await this.labelsOf(connectionId, filterRefs(args.collection, args));
    const count = read.rows.length;
    const field = summedField(args.collection, this.o.contract(connectionId));
    const shown = field ? columns.find((c) => c.name === field.name) : undefined;
    return recordsDocumentHtml({
      title: words.title,
      organisation: words.organisation,
      filters: filterSentences(args.collection, args, filterLabels, locale),
      count: `${count.toLocaleString(locale)} ${count === 1 ? 'payment' : collectionWords(args.collection)}`,
      total: field
        ? { column: shown?.label ?? 'Amount', text: totalText(read.amounts, field.unit, currency, locale) }
        : null,
      source: words.source,
      headings: columns.map((c) => c.label),
      numeric: columns.map((c) => c.money !== null || c.type === 'number' || c.type === 'integer'),
      rows: read.rows,
    });
  }
}

/** Rows made into printed cells between two lets-go of main's event loop, with one label lookup. */
const ROWS_PER_STEP = 500;

/** Lets main's event loop answer what waits (the window's calls) before the next step. */
const letGo = () => new Promise((resolve) => setImmediate(resolve));

/** The sum of the amounts, added exactly, as money; said in words when too large to add exactly. */
function totalText(
  amounts: readonly number[],
  unit: NonNullable<ReturnType<typeof summedField>>['unit'],
  currency: string,
  locale: string,
): string {
  try {
    return formatMoney(sumInCurrency(amounts, unit, currency), currency, locale);
  } catch (error) {
    if (error instanceof MoneyOutOfRange) return 'too large to add up exactly';
    throw error;
  }
}

/** The payments with their property (PropDesk's reading) where the service gives them none. */
function withPlaces(page: {
  data: ServiceRecord[];
  properties?: Record<string, string | null>;
}): ServiceRecord[] {
  const { properties } = page;
  if (!properties) return page.data;
  return page.data.map((r) =>
    r[PLACE_FIELD] === undefined && r.id in properties ? { ...r, [PLACE_FIELD]: properties[r.id] } : r,
  );
}

/** The columns asked for, each a field of the contract (or the payments' property); others refused. */
function printedColumns(args: ListPdfArgs, contract: CompiledContract | undefined): PrintedColumn[] {
  const words = collectionWords(args.collection);
  const fields = contract?.recordFields[args.collection];
  if (!fields?.length)
    throw new UserError(
      'no_contract',
      `PropDesk cannot print the ${words} until it has read the service's description of them. Go online once, then save again.`,
    );
  return args.columns.map(({ name, label }) => {
    const field = fields.find((f) => f.name === name);
    if (field) return fieldColumn(field, label);
    if (name === PLACE_FIELD)
      return { name, label, references: 'properties', money: null, type: 'string' } satisfies PrintedColumn;
    throw new UserError(
      'invalid_input',
      `The ${words} have no column “${name}” to print. Choose among the columns of the list.`,
    );
  });
}
