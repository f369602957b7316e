/**
 * While the detail page is shown, printing keeps only the page: everything that neither holds it
 * nor sits inside it (side menu, header, mobile footer, banners) is hidden, and so are its own
 * controls (data-print-hide). Black on white, boxes outlined, none split across pages.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 14mm; }
  body *:not(:has([data-request-print])):not([data-request-print]):not([data-request-print] *) { display: none !important; }
  [data-request-print] [data-print-hide] { display: none !important; }
  html, body, body *:has([data-request-print]) { background: #fff !important; padding: 0 !important; margin: 0 !important; min-height: 0 !important; max-width: none !important; }
  [data-request-print], [data-request-print] * { color: #000 !important; background: #fff !important; box-shadow: none !important; }
  [data-request-print] [data-print-box] { border: 1px solid #000 !important; break-inside: avoid; }
  [data-request-print] [data-facts] { grid-template-columns: repeat(3, minmax(0, 1fr)) !important; }
  [data-request-print] svg { stroke: #000 !important; }
}
`;

export const PRINT_ATTRIBUTE = { 'data-request-print': '' } as const;

export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}
