// What the e2e tests read of a PDF file without a PDF library: its page count and first page's size.

/** The page objects of a PDF (`/Type /Page`, not the `/Pages` tree). */
export function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** Width and height of the first page, in points. */
export function firstPageSize(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  if (!box) throw new Error('The PDF has no page size');
  return { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) };
}
