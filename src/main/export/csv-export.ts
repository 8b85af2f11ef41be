// Exports every record of a collection that matches the filters (not only the rows on screen) to a
// CSV file the user chose, page by page, with progress and cancel, and the label of every referenced
// record beside its ID (one label lookup per page). The file is readable by the user only, written
// beside its final name and renamed when complete, so a cancelled or failed export leaves no half
// file behind.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { passesLowerBounds } from '../../shared/date-range';
import type { LowerBounds } from '../../shared/date-range';
import type { LabelAnswer, LabelRef } from '../../shared/label-refs';
import type { Collection, ServiceRecord } from '../../shared/service';
import { MAX_PAGE_SIZE } from '../../shared/service';
import { WHOLE_COLLECTION_CAPS, followPages, serviceName } from '../api/paging';
import type { ServiceClient } from '../connections/types';
import { replacePrivateFile } from '../base/private-files';
import { Signal } from '../signal';
import { userMessage } from '../base/user-error';
import { csvLines, csvTable } from './csv-text';
import type { CsvCell } from './csv-text';
import { headerWithLabels, labelColumns, rowsWithLabels } from './label-columns';
import type { PageLabels } from './label-columns';
import type { ChooseSaveFile } from './save-target';
import { writeProblem } from './save-target';

export interface ExportProgress {
  exportId: string;
  written: number;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  path?: string;
  message?: string;
}

export interface CsvExportOptions {
  chooseFile: ChooseSaveFile;
  /** Labels of a connection's referenced records (the LabelService). */
  labels: (connectionId: string, refs: LabelRef[]) => Promise<LabelAnswer>;
  now?: () => Date;
}

/** Where the records come from: the connection (whose labels are read) and its client. */
export interface ExportSource {
  connectionId: string;
  client: ServiceClient;
}

function cell(value: unknown): CsvCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

export class CsvExporter {
  /** Each export's progress: rows written, then how it ended. */
  readonly progress = new Signal<ExportProgress>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly options: CsvExportOptions) {}

  /** Asks for a file and starts the export; resolves with its id, or null if the user cancelled the dialog. */
  async start(
    source: ExportSource,
    collection: Collection,
    filters: Record<string, string>,
    onOrAfter: LowerBounds,
  ): Promise<{ exportId: string; path: string } | null> {
    const asOf = (this.options.now?.() ?? new Date()).toISOString();
    const path = await this.options.chooseFile({
      suggestedName: `${collection}-${asOf.slice(0, 10)}.csv`,
      kind: 'csv',
    });
    if (!path) return null;
    const exportId = randomUUID();
    const controller = new AbortController();
    this.running.set(exportId, controller);
    void this.run(
      exportId,
      source,
      collection,
      { filters, onOrAfter },
      path,
      asOf,
      controller.signal,
    ).finally(() => this.running.delete(exportId));
    return { exportId, path };
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
    { filters, onOrAfter }: { filters: Record<string, string>; onOrAfter: LowerBounds },
    path: string,
    asOf: string,
    signal: AbortSignal,
  ): Promise<void> {
    let written = 0;
    try {
      const filterText =
        [
          ...Object.entries(filters).map(([k, v]) => `${k}=${v}`),
          ...Object.entries(onOrAfter).map(([k, v]) => `${k} on or after ${v}`),
        ].join('; ') || 'none';
      const heading = [[`PropDesk export of ${collection}`], [`Filters: ${filterText}`], [`As of: ${asOf}`]];
      // Names that cannot be read leave their cells empty and say why; the export itself goes on.
      const labels: PageLabels = (refs) =>
        this.options.labels(connectionId, refs).catch((error: unknown) => ({
          labels: {},
          problems: [`Names could not be read: ${userMessage(error) ?? 'something went wrong.'}`],
        }));
      const pages = listPages(client, collection, filters, onOrAfter, signal);
      written = await writeRecordsCsv(path, heading, pages, labels, (n) => {
        written = n;
        this.progress.emit({ exportId, written, state: 'running' });
      });
      this.progress.emit({ exportId, written, state: 'done', path });
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
  client: ServiceClient,
  collection: Collection,
  filters: Record<string, string>,
  onOrAfter: LowerBounds,
  signal: AbortSignal,
): AsyncGenerator<ServiceRecord[]> {
  const pages = followPages(
    (cursor) =>
      client.list(collection, { filters, limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, { signal }),
    serviceName(client),
    collection.replace(/_/g, ' '),
    { signal, caps: WHOLE_COLLECTION_CAPS },
  );
  for await (const page of pages) yield page.data.filter((record) => passesLowerBounds(record, onOrAfter));
}

/**
 * Writes the heading lines (with a note for names the first page could not read), then the records
 * page by page under one header taken from the first page (each reference column followed by its
 * label column), into a private file beside `path` renamed onto it when complete. Resolves with the
 * records written.
 */
export async function writeRecordsCsv(
  path: string,
  heading: string[][],
  pages: AsyncIterable<ServiceRecord[]>,
  labels: PageLabels,
  onPage: (written: number) => void,
): Promise<number> {
  let written = 0;
  await replacePrivateFile(path, async (partial) => {
    const out = createWriteStream(partial, { encoding: 'utf8', flags: 'w' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let headed = false;
    // Quoted like any other row, so commas or quotes in filter values stay intact.
    const head = async (problems: readonly string[]) => {
      if (headed) return;
      headed = true;
      await write(csvLines([...heading, ...problems.map((p) => [`Note: ${p}`])]) + '\r\n');
    };
    try {
      let columns: string[] | undefined;
      let labelled: ReturnType<typeof labelColumns> = [];
      for await (const records of pages) {
        if (!columns) {
          columns = headerOf(records);
          labelled = labelColumns(columns);
        }
        if (records.length) {
          const { rows, problems } = await rowsWithLabels(records, columns, labelled, labels, cell);
          await head(problems);
          await write(csvTable(headerWithLabels(columns, labelled), rows, written === 0) + '\r\n');
          written += records.length;
        }
        onPage(written);
      }
      await head([]);
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
  return written;
}

function headerOf(rows: ServiceRecord[]): string[] {
  const keys = new Set<string>(['id']);
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys];
}
