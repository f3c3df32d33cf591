type Pdf = PDFKit.PDFDocument;

/**
 * A footer on every page of a PDF (documents, the receipts book), its text printed whole, never cut
 * (issue 25: the seller's identity, Code de commerce R123-237 and R123-238): it is measured before
 * the first page, and the pages' bottom margin (`reserve`) leaves it the room it takes.
 */
export interface PageFooterStyle {
  font: string;
  fontSize: number;
  color: string;
  /** The footer's left edge and width; the page number takes the right end of it. */
  x: number;
  width: number;
  /** Points under the footer's text, to the page's edge. */
  below: number;
  /** Points from the bottom of the body to the footer's text (its rule is in this space). */
  above: number;
  /** The text's height when it is shorter: room the layout always had. */
  minHeight?: number;
  /** A rule this many points above the text. */
  rule?: { gap: number; color: string };
}

export interface PageFooter {
  text: string;
  height: number;
  /** The pages' bottom margin: the footer, its rule and the gap above them. */
  reserve: number;
}

const PAGE_NUMBER_WIDTH = 80;
const textWidth = (style: PageFooterStyle) => style.width - PAGE_NUMBER_WIDTH - 10;

/** Measures the footer (before any page) and makes it every page's bottom margin. */
export function reservePageFooter(pdf: Pdf, text: string, style: PageFooterStyle, margin: number): PageFooter {
  pdf.font(style.font).fontSize(style.fontSize);
  const height = Math.max(style.minHeight ?? 0, pdf.heightOfString(text, { width: textWidth(style) }));
  const reserve = style.below + height + style.above;
  pdf.options.margins = { top: margin, left: margin, right: margin, bottom: reserve };
  return { text, height, reserve };
}

/** Draws the footer and 'Page n / total' on every buffered page. */
export function drawPageFooters(pdf: Pdf, footer: PageFooter, style: PageFooterStyle) {
  const { start, count } = pdf.bufferedPageRange();
  const y = pdf.page.height - style.below - footer.height;
  for (let i = 0; i < count; i++) {
    pdf.switchToPage(start + i);
    // Writing below the bottom margin would make pdfkit open a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    if (style.rule) {
      const ruleY = y - style.rule.gap;
      pdf.moveTo(style.x, ruleY).lineTo(style.x + style.width, ruleY).lineWidth(0.5).strokeColor(style.rule.color).stroke();
    }
    pdf.font(style.font).fontSize(style.fontSize).fillColor(style.color);
    pdf.text(footer.text, style.x, y, { width: textWidth(style) });
    pdf.text(`Page ${i + 1} / ${count}`, style.x + style.width - PAGE_NUMBER_WIDTH, y, {
      width: PAGE_NUMBER_WIDTH, align: 'right', lineBreak: false,
    });
    pdf.page.margins.bottom = margin;
  }
}
