import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`): accents, €, and the U+00A0 / U+202F of fr-FR amounts,
 * embeddable as PDF/A requires. Parsed once per process: handing pdfkit a ready fontkit font
 * instead of the file's bytes saves ~25 ms per font and per PDF (glyph metrics stay cached).
 * fontkit is loaded from pdfkit's own dependencies so both use the same instance. Paths go
 * through node's module lookup, so this works from src/ (tsx, jest) and from dist/ alike.
 */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): object };

/** What pdfkit's registerFont accepts: its font sources include fontkit fonts (not in @types/pdfkit). */
type FontSource = PDFKit.Mixins.PDFFontSource;

let fonts: { regular: FontSource; bold: FontSource } | null = null;

export function documentFonts() {
  fonts ??= {
    regular: fontkit.create(readFileSync(path.join(fontDir, 'DejaVuSans.ttf'))) as FontSource,
    bold: fontkit.create(readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'))) as FontSource,
  };
  return fonts;
}
