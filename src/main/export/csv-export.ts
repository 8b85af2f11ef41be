// Exports every record of a collection that matches the filters (not only the rows on screen) to a
// CSV file the user chose, page by page, with progress and cancel, and the label of every referenced
// record beside its ID (one label lookup per page). The file follows the conventions of every CSV
// PropDesk writes (README, "Files"): a byte-order mark, the header on the first line, one record a line,
// statuses in words as on screen; what it holds and as of when is in its name, and in one line before
// the header only when asked. The file is readable by the user only, written beside its final name
// and renamed when complete, so a cancelled or failed export leaves no half file behind.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { passesLowerBounds } from '../../shared/date-range';
import type { LowerBounds } from '../../shared/date-range';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import type { Collection, ServiceRecord } from '../../shared/service';
import { collectionWords, MAX_PAGE_SIZE } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS, followPages, serviceName } from '../api/paging';
import type { PageLister } from '../api/read-listing';
import type { OwnFilters } from '../../shared/own-filters';
import { replacePrivateFile } from '../base/private-files';
import { Signal } from '../signal';
import { userMessage } from '../base/user-error';
import type { FieldDescriptor } from '../../shared/contract';
import { COLLECTION_LABELS } from '../../shared/labels';
import { CSV_BOM, csvLines, csvTable } from './csv-text';
import type { CsvCell } from './csv-text';
import { fileNameOf } from './file-name';
import { headerWithLabels, labelColumns, rowsWithLabels } from './label-columns';
import type { PageLabels } from './label-columns';
import type { ChooseSaveFile } from './save-target';
import { writeProblem } from './save-target';
import type { SavedFiles } from './saved-files';
import { enumWords, fieldWords, inSentence } from '../../shared/contract';

export interface ExportProgress {
  exportId: string;
  written: number;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  /** When done: the file's ID to open it by, and its name. */
  savedId?: string;
  name?: string;
  message?: string;
}

export interface CsvExportOptions {
  chooseFile: ChooseSaveFile;
  /** Labels of a connection's referenced records (the LabelService). */
  labels: (connectionId: string, refs: LabelRef[]) => Promise<LabelAnswer>;
  /** The record fields of a collection in the connection's stored contract, when there is one. */
  fields: (connectionId: string, collection: Collection) => readonly FieldDescriptor[] | undefined;
  savedFiles: Pick<SavedFiles, 'remember'>;
  now?: () => Date;
}

/**
 * Where the records come from: the connection (whose labels are read, whose name the file carries),
 * and its pages: the service's client, or the offline copy where the list has PropDesk's own filters.
 */
export interface ExportSource {
  connectionId: string;
  name: string;
  client: PageLister;
}

/** What is exported: the list's filters, the app's lower date bounds and PropDesk's own filters on top. */
export interface ExportQuery {
  filters: Record<string, string>;
  onOrAfter: LowerBounds;
  /** Applied by the source (the offline copy); here only in the file's name. */
  own?: OwnFilters | undefined;
}

/** A cell as the screen says it: an enum value in words ("make ready"); other values as they are. */
export function cellOf(enums: ReadonlySet<string>): (field: string, value: unknown) => CsvCell {
  return (field, value) => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return enums.has(field) ? enumWords(value) : value;
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    return JSON.stringify(value);
  };
}

/** "status active, end date on or after 2026-01-01": the filters in words, for names and descriptions. */
function filterWords({ filters, onOrAfter, own = {} }: ExportQuery): string {
  return [
    ...Object.entries(filters).map(([k, v]) => `${inSentence(fieldWords(k))} ${v}`),
    ...Object.entries(onOrAfter).map(([k, v]) => `${inSentence(fieldWords(k))} on or after ${v}`),
    ...(own.property ? [`property ${own.property}`] : []),
    ...(own.received_from ? [`received from ${own.received_from}`] : []),
    ...(own.received_to ? [`received to ${own.received_to}`] : []),
  ].join(', ');
}

export class CsvExporter {
  /** Each export's progress: rows written, then how it ended. */
  readonly progress = new Signal<ExportProgress>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly options: CsvExportOptions) {}

  /**
   * Asks for a file and starts the export; resolves with its id and the file's name, or null if the
   * user cancelled the dialog. `describe` puts one line saying what the file is before the header.
   */
  async start(
    source: ExportSource,
    collection: Collection,
    query: ExportQuery,
    describe: boolean,
  ): Promise<{ exportId: string; name: string } | null> {
    const asOf = (this.options.now?.() ?? new Date()).toISOString();
    const what = filterWords(query);
    const path = await this.options.chooseFile({
      suggestedName: fileNameOf(
        [
          COLLECTION_LABELS[collection],
          what ? `with ${what}` : null,
          source.name,
          `as of ${asOf.slice(0, 10)}`,
        ],
        'csv',
      ),
      kind: 'csv',
    });
    if (!path) return null;
    const exportId = randomUUID();
    const controller = new AbortController();
    this.running.set(exportId, controller);
    const description = describe
      ? `PropDesk export of ${COLLECTION_LABELS[collection].toLowerCase()} · ${source.name} · filters: ${what || 'none'} · read ${asOf.slice(0, 16).replace('T', ' ')} UTC`
      : null;
    void this.run(exportId, source, collection, query, path, description, controller.signal).finally(() =>
      this.running.delete(exportId),
    );
    return { exportId, name: basename(path) };
  }

  cancel(exportId: string): boolean {
    const controller = this.running.get(exportId);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  private async run(
    exportId: string,
    { connectionId, client }: ExportSource,
    collection: Collection,
    { filters, onOrAfter }: ExportQuery,
    path: string,
    description: string | null,
    signal: AbortSignal,
  ): Promise<void> {
    let written = 0;
    try {
      // Names that cannot be read leave their cells empty and say why; the export itself goes on.
      const labels: PageLabels = (refs) =>
        this.options.labels(connectionId, refs).catch((error: unknown) => ({
          labels: {},
          problems: [`Names could not be read: ${userMessage(error) ?? 'something went wrong.'}`],
        }));
      const enums = (this.options.fields(connectionId, collection) ?? []).filter((f) => f.type === 'enum');
      const pages = listPages(client, collection, filters, onOrAfter, signal);
      const result = await writeRecordsCsv(
        path,
        pages,
        labels,
        (n) => {
          written = n;
          this.progress.emit({ exportId, written, state: 'running' });
        },
        { description, cell: cellOf(new Set(enums.map((f) => f.name))) },
      );
      written = result.written;
      const { savedId, name } = this.options.savedFiles.remember(path);
      this.progress.emit({
        exportId,
        written,
        state: 'done',
        savedId,
        name,
        ...(result.problems.length ? { message: result.problems.join(' ') } : {}),
      });
    } catch (error) {
      if (signal.aborted) this.progress.emit({ exportId, written, state: 'cancelled' });
      else
        this.progress.emit({
          exportId,
          written,
          state: 'failed',
          message: isFileError(error)
            ? writeProblem(error, path).message
            : error instanceof Error
              ? error.message
              : 'The export failed.',
        });
    }
  }
}

/** A failure of the file system (it has an errno code), as opposed to the service's or the network's. */
function isFileError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown } | null)?.syscall === 'string';
}

/** Every page of the listing, in order, following the service's cursors. */
async function* listPages(
  client: PageLister,
  collection: Collection,
  filters: Record<string, string>,
  onOrAfter: LowerBounds,
  signal: AbortSignal,
): AsyncGenerator<ServiceRecord[]> {
  const pages = followPages(
    (cursor) =>
      client.list(collection, { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, { signal }),
    serviceName(client),
    collectionWords(collection),
    { signal, caps: WHOLE_COLLECTION_CAPS },
  );
  for await (const page of pages) yield page.data.filter((record) => passesLowerBounds(record, onOrAfter));
}

export interface RecordsCsvOptions {
  /** One line saying what the file is, before the header; null for none (the default). */
  description: string | null;
  /** A record's value as the file says it. */
  cell: (field: string, value: unknown) => CsvCell;
}

/**
 * Writes the records page by page under one header taken from the first page (each reference column
 * followed by its label column), into a private file beside `path` renamed onto it when complete.
 * Resolves with the records written and what kept some names from being read (their cells are empty).
 */
export async function writeRecordsCsv(
  path: string,
  pages: AsyncIterable<ServiceRecord[]>,
  labels: PageLabels,
  onPage: (written: number) => void,
  { description, cell }: RecordsCsvOptions,
): Promise<{ written: number; problems: string[] }> {
  let written = 0;
  const problems = new Set<string>();
  await replacePrivateFile(path, async (partial) => {
    const out = createWriteStream(partial, { encoding: 'utf8', flags: 'w' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    try {
      await write(CSV_BOM + (description === null ? '' : `${csvLines([[description]])}\r\n`));
      let columns: string[] | undefined;
      let labelled: ReturnType<typeof labelColumns> = [];
      for await (const records of pages) {
        if (!columns) {
          columns = headerOf(records);
          labelled = labelColumns(columns);
        }
        if (records.length) {
          const page = await rowsWithLabels(records, columns, labelled, labels, cell);
          for (const problem of page.problems) problems.add(problem);
          await write(csvTable(headerWithLabels(columns, labelled), page.rows, written === 0) + '\r\n');
          written += records.length;
        }
        onPage(written);
      }
      if (written === 0)
        await write(csvTable(headerWithLabels(columns ?? ['id'], labelled), [], true) + '\r\n');
      out.end();
      await once(out, 'close');
    } catch (error) {
      // The failure on its way up is the one to report; a write still pending ends quietly.
      out.on('error', () => undefined);
      out.destroy();
      throw error;
    }
  });
  return { written, problems: [...problems] };
}

function headerOf(rows: ServiceRecord[]): string[] {
  const keys = new Set<string>(['id']);
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys];
}
