// Text of PDFs with pdf.js, for the tests (pdfjs-dist is ESM only: jest's CommonJS cannot load it,
// so src/server/test/pdf-reader.ts runs this script in a child Node process).
// stdin: a JSON array of base64 PDFs. stdout: a JSON array, per PDF, of the text of each page,
// lines in drawing order separated by '\n' (what pdftotext gives for pdfkit's documents).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

async function pagesOf(base64) {
  const task = getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')), isEvalSupported: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const out = [];
for (const pdf of JSON.parse(input)) out.push(await pagesOf(pdf));
process.stdout.write(JSON.stringify(out));
