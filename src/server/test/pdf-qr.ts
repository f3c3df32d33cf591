import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * Reading the QR code a PDF draws (issue 27), in-process, with no poppler: each page's drawing
 * operators are read from its content stream, the rectangles it fills in pure black are painted
 * into a bitmap through the transformation matrices in force (cm, q/Q), as a PDF viewer would,
 * and jsQR decodes that bitmap: finder patterns, format information, Reed-Solomon correction. What
 * is decoded is thus what the page shows, not the matrix the renderer drew from: a module misplaced,
 * a row flipped or a wrong size would not decode, or not to the same text. Then the drawing is
 * compared module by module with the standard symbol of the decoded text (level M).
 */

type Matrix = [number, number, number, number, number, number];
interface Rect { left: number; bottom: number; right: number; top: number }

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m × n: m applied first, then n (PDF 32000 §8.3.4). */
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\f' || c === '\0';

/** A content stream's tokens: numbers, names and operators; strings and arrays as opaque operands. */
function* tokens(text: string): Generator<{ operator: string } | { operand: string }> {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (isSpace(c)) i++;
    else if (c === '%') while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    else if (c === '(') {
      // A literal string, with nested parentheses and backslash escapes.
      let depth = 0;
      const start = i;
      for (; i < text.length; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '(') depth++;
        else if (text[i] === ')' && --depth === 0) break;
      }
      i++;
      yield { operand: text.slice(start, i) };
    } else if (text.startsWith('<<', i) || text.startsWith('>>', i) || c === '[' || c === ']') {
      const length = c === '[' || c === ']' ? 1 : 2;
      yield { operand: text.slice(i, i + length) };
      i += length;
    } else if (c === '<') {
      const end = text.indexOf('>', i);
      yield { operand: text.slice(i, end + 1) };
      i = end + 1;
    } else {
      const start = i;
      i++;
      while (i < text.length && !isSpace(text[i]) && !DELIMITERS.has(text[i])) i++;
      const word = text.slice(start, i);
      if (c === '/' || /^[+-]?(\d|\.\d)/.test(word)) yield { operand: word };
      else yield { operator: word };
    }
  }
}

/** The rectangles a page's content fills in pure black (gray 0, RGB 0 0 0 or CMYK 0 0 0 1), in default user space. */
function blackRectangles(content: string): Rect[] {
  let state = { ctm: IDENTITY, black: true };
  const stack: (typeof state)[] = [];
  let path: Rect[] = [];
  const filled: Rect[] = [];
  let operands: string[] = [];
  for (const token of tokens(content)) {
    if ('operand' in token) {
      operands.push(token.operand);
      continue;
    }
    const n = operands.map(Number);
    switch (token.operator) {
      case 'q': stack.push(state); break;
      case 'Q': state = stack.pop() ?? state; break;
      case 'cm': state = { ...state, ctm: multiply(n as Matrix, state.ctm) }; break;
      case 'g': state = { ...state, black: n[0] === 0 }; break;
      case 'rg': state = { ...state, black: n.every((v) => v === 0) }; break;
      case 'k': state = { ...state, black: n[3] === 1 }; break;
      case 'sc': case 'scn': {
        const values = n.filter((v) => !Number.isNaN(v));
        state = { ...state, black: values.length === 4 ? values[3] === 1 : values.every((v) => v === 0) };
        break;
      }
      case 're': {
        const [x, y, w, h] = n;
        const { ctm } = state;
        // Axis-aligned rectangles only (a QR code is never drawn rotated here).
        if (ctm[1] === 0 && ctm[2] === 0) {
          const [x1, y1] = apply(ctm, x, y);
          const [x2, y2] = apply(ctm, x + w, y + h);
          path.push({ left: Math.min(x1, x2), right: Math.max(x1, x2), bottom: Math.min(y1, y2), top: Math.max(y1, y2) });
        }
        break;
      }
      case 'f': case 'F': case 'f*': case 'B': case 'B*': case 'b': case 'b*':
        if (state.black) filled.push(...path);
        path = [];
        break;
      case 'S': case 's': case 'n':
        path = [];
        break;
      default:
        break;
    }
    operands = [];
  }
  return filled;
}

/** Black rectangles painted on white, `scale` pixels a point, with a white margin, as RGBA for jsQR. */
function rasterize(rects: Rect[], scale: number) {
  const margin = 20;
  const left = Math.min(...rects.map((r) => r.left)) - margin;
  const top = Math.max(...rects.map((r) => r.top)) + margin;
  const width = Math.ceil((Math.max(...rects.map((r) => r.right)) + margin - left) * scale);
  const height = Math.ceil((top - Math.min(...rects.map((r) => r.bottom)) + margin) * scale);
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const r of rects) {
    // Pixels whose centre is inside the rectangle; PDF's y goes up, the bitmap's rows down.
    const x0 = Math.round((r.left - left) * scale);
    const x1 = Math.round((r.right - left) * scale);
    const y0 = Math.round((top - r.top) * scale);
    const y1 = Math.round((top - r.bottom) * scale);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { pixels, width, height };
}

const streamBytes = (doc: PDFDocument, object: PDFObject | undefined): Buffer[] => {
  const value = object && doc.context.lookup(object);
  if (value instanceof PDFArray) return value.asArray().flatMap((item) => streamBytes(doc, item));
  if (value instanceof PDFRawStream) return [Buffer.from(decodePDFRawStream(value).decode())];
  return [];
};

/** The text of the QR code each page draws (UTF-8), null on a page that fills nothing in black. */
export async function pdfQrCodes(pdf: Buffer, scale = 4): Promise<(string | null)[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const content = Buffer.concat(streamBytes(doc, page.node.Contents())).toString('latin1');
    const rects = blackRectangles(content);
    if (!rects.length) return null;
    const { pixels, width, height } = rasterize(rects, scale);
    const code = jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' });
    if (!code) throw new Error('The page fills black rectangles that do not decode as a QR code.');
    // jsQR also reads a mirrored symbol (as some phones do): the finder patterns must be where an
    // upright, unmirrored symbol has them (top left, top right, bottom left), not merely decodable.
    const { topLeftFinderPattern: topLeft, topRightFinderPattern: topRight, bottomLeftFinderPattern: bottomLeft } = code.location;
    const aligned = (a: number, b: number) => Math.abs(a - b) < 2 * scale;
    if (!(topRight.x > topLeft.x && aligned(topRight.y, topLeft.y) && bottomLeft.y > topLeft.y && aligned(bottomLeft.x, topLeft.x))) {
      throw new Error('The QR code decodes, but drawn mirrored or rotated.');
    }
    // jsQR reads a symbol transposed too (mirrored across its diagonal, finder patterns in place):
    // the drawing, sampled module by module, must be the standard symbol of the decoded text at
    // level M (EPC069-12), which also rules out a transposed or another level's symbol.
    const text = Buffer.from(code.binaryData).toString('utf8');
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.max(...rects.map((r) => r.top));
    const module = (Math.max(...rects.map((r) => r.right)) - left) / modules.size;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const x = left + (col + 0.5) * module;
        const y = top - (row + 0.5) * module;
        const dark = rects.some((r) => r.left <= x && x <= r.right && r.bottom <= y && y <= r.top);
        if (dark !== Boolean(modules.get(row, col))) throw new Error(`The QR code's module (${row}, ${col}) is not the standard symbol's.`);
      }
    }
    return text;
  });
}

/** The QR codes of a PDF, those of its pages that have one. */
export const pdfQrTexts = async (pdf: Buffer) => (await pdfQrCodes(pdf)).filter((text): text is string => text !== null);
