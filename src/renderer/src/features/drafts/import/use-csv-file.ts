// The CSV file picked for an import: its name, its rows once read, or why it can't be used (too large,
// or not a CSV with a header row). Closing the picker without a file keeps the one picked before.
import { useState } from 'react';
import { MAX_IMPORT_BYTES, parseCsv } from './import-csv';
import type { ParsedCsv } from './import-csv';

export function useCsvFile() {
  const [fileName, setFileName] = useState<string | null>(null);
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function read(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_IMPORT_BYTES) {
      setCsv(null);
      setProblem('The file is too large to import (at most 5 MB).');
      return;
    }
    const parsed = parseCsv(await file.text());
    setCsv(parsed.ok ? parsed.csv : null);
    setProblem(parsed.ok ? null : parsed.message);
  }

  return { fileName, csv, problem, read };
}
