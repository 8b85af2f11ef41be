// The name a saved file is suggested under: what the file is ("Rent roll", "Leases with status active"),
// for whom and as of when, so the name says what heading lines would otherwise have said inside the
// file. Characters no file system takes are replaced, and the name is kept short enough for every one.
// eslint-disable-next-line no-control-regex
const NOT_IN_NAMES = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const LONGEST = 150;

/** "Rent roll – Demo organisation – as of 2026-11-24.csv" from its parts; empty parts are left out. */
export function fileNameOf(
  parts: ReadonlyArray<string | null | undefined>,
  extension: 'csv' | 'pdf',
): string {
  const text = parts
    .map((p) => (p ?? '').replace(NOT_IN_NAMES, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' – ');
  // A name of dots alone means a folder, or nothing.
  const safe = text.replace(/^\.+/, '').slice(0, LONGEST).trim() || 'PropDesk';
  return `${safe}.${extension}`;
}
