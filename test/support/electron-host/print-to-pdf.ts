// Electron's webContents.printToPDF as the host plays it. Playwright's page.pdf() is Chromium's own
// print-to-PDF (the DevTools protocol's Page.printToPDF, which Electron calls too), so the window's
// page is printed with the options main gave, under Playwright's names, and with Electron's defaults
// where main gave none (Playwright's differ: no margins).
import type { Page } from '@playwright/test';
import type { PrintToPdfFacts } from '../electron-stand-in/protocol';

/** Electron's default margin on every side: 1 cm. */
const ELECTRON_MARGIN = '1cm';

const inches = (value: number) => `${value}in`;

export function printToPdf(page: Page, options: PrintToPdfFacts): Promise<Buffer> {
  const margin = (side: 'top' | 'bottom' | 'left' | 'right') => {
    const value = options.margins?.[side];
    return value === undefined ? ELECTRON_MARGIN : inches(value);
  };
  const size = options.pageSize ?? 'Letter';
  return page.pdf({
    ...(typeof size === 'string'
      ? { format: size }
      : { width: inches(size.width), height: inches(size.height) }),
    landscape: options.landscape ?? false,
    printBackground: options.printBackground ?? false,
    scale: options.scale ?? 1,
    margin: { top: margin('top'), bottom: margin('bottom'), left: margin('left'), right: margin('right') },
    pageRanges: options.pageRanges ?? '',
    displayHeaderFooter: options.displayHeaderFooter ?? false,
    ...(options.headerTemplate !== undefined ? { headerTemplate: options.headerTemplate } : {}),
    ...(options.footerTemplate !== undefined ? { footerTemplate: options.footerTemplate } : {}),
    preferCSSPageSize: options.preferCSSPageSize ?? false,
    tagged: options.generateTaggedPDF ?? false,
    outline: options.generateDocumentOutline ?? false,
  });
}
