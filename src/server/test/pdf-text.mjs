// Text of PDFs with pdf.js, for the tests (pdfjs-dist is ESM only: jest's CommonJS cannot load it,
// so src/server/test/pdf-reader.ts runs this script in a child Node process).
// stdin: a JSON array of base64 PDFs, or {"pdfs": [...], "items": true}. stdout: a JSON array, per
// PDF, of the text of each page, lines in drawing order separated by '\n' (what pdftotext gives
// for pdfkit's documents); with "items", of each page's pieces of text with their baseline in
// points from the page's top ({str, x, y}).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function pagesOf(base64, items) {
  const task = getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')), isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const texts = content.items.filter((item) => 'str' in item);
      if (items) {
        const height = page.view[3] - page.view[1];
        pages.push(texts.filter((item) => item.str.trim()).map((item) => ({ str: item.str, x: item.transform[4], y: height - item.transform[5] })));
      } else {
        pages.push(texts.map((item) => item.str + (item.hasEOL ? '\n' : '')).join(''));
      }
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const request = JSON.parse(input);
const { pdfs, items } = Array.isArray(request) ? { pdfs: request, items: false } : request;
const out = [];
for (const pdf of pdfs) out.push(await pagesOf(pdf, items));
process.stdout.write(JSON.stringify(out));
