import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../test-app';
import { InvoicingWorld } from '../invoice-fixtures';
import { issueDepositCases, issueEInvoicingCases } from '../einvoicing-fixtures';
import { issueLineCases } from '../line-fixtures';
import { facturXml, validateFacturX } from '../pdf-reader';

/**
 * `npm run test:facturx`, not part of `npm test`: the invoices the app issues, checked by the
 * official Factur-X kit of ../shared/facturx (XSD, then the EN 16931 schematron with xslt3). It
 * needs ../shared beside the repository and the Debian tools poppler-utils (pdfdetach) and
 * libxml2-utils (xmllint), which .ci/run installs. `npm test` checks the same invoices with
 * factur-x-kit (src/server/modules/documents/__tests__/pdf-email.test.ts).
 */

const repoRoot = path.resolve(__dirname, '../../../..');
const KIT = path.resolve(repoRoot, '../shared/facturx');
const VALIDATE = path.join(KIT, 'validate');
const SCHEMATRON = path.join(KIT, 'Factur-X_1.09_EN16931-schematron.xsl');
const XSLT3_BIN = path.resolve(repoRoot, 'node_modules/.bin/xslt3');
const run = promisify(execFile);

/** The kit's env: its schematron run through xslt3-compiled (the .xsl compiled once, in beforeAll). */
let kitEnv: NodeJS.ProcessEnv;

async function officialKit(file: string): Promise<{ ok: boolean; output: string }> {
  return run(VALIDATE, [file], { env: kitEnv, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (err: { stdout?: string; stderr?: string; message?: string }) => ({ ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` || String(err.message) }),
  );
}

/** fn over the items, two at a time, results in order. */
async function mapTwoAtATime<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const n = next++;
      results[n] = await fn(items[n]);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

let t: TestApp;
let w: InvoicingWorld;
let workDir: string;

beforeAll(async () => {
  if (!existsSync(VALIDATE)) throw new Error(`${VALIDATE} is missing: this test needs ../shared/facturx beside the repository`);
  workDir = mkdtempSync(path.join(tmpdir(), 'carnet-facturx-'));
  // The schematron compiled once to SEF (its code list stays found: the SEF keeps the kit's base URI).
  const sef = path.join(workDir, 'schematron.sef.json');
  await run(XSLT3_BIN, [`-xsl:${SCHEMATRON}`, `-export:${sef}`, '-nogo'], { maxBuffer: 16 * 1024 * 1024 });
  kitEnv = { ...process.env, XSLT3: path.join(__dirname, 'xslt3-compiled'), XSLT3_BIN, FACTURX_SEF: sef };
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('passes the XSD and the EN 16931 schematron for every kind of invoice and credit note the app issues; a wrong total or an unknown currency fails', async () => {
  const issued = await w.issuedInvoices();
  // Issue 25: a notice of the user's own beside the statutory notes (an extra AAI), terms 45 days end of month (BT-20, BT-9).
  const withNotice = await w.issue(
    w.alice,
    await w.create(w.alice, 'invoices', {
      legal_notice: 'Pénalités de retard : 12 % l’an.\nPas d’escompte pour paiement anticipé.', payment_terms: 'end_of_month', payment_days: 45,
    }),
  );
  const noticePdf = await w.pdfOf(w.alice, 'invoices', withNotice.id);
  const creditNotes = await w.issuedCreditNotes(issued);
  // Issue 14: franchise to a private client, several VAT rates, reverse charge, a period and a delivery address.
  const einvoicing = await issueEInvoicingCases(w);
  // Issue 15: deposit invoices (type 386) and the final invoice deducting them (BT-113, BT-25 each).
  const { cases: deposits } = await issueDepositCases(w);
  // Issue 25: what a line carries (units, BT-130).
  const lineCases = await issueLineCases(w);
  const pdfs = [
    ...issued.map((i) => ({ label: i.label, status: i.status, pdf: i.pdf })),
    { label: 'legal notice', status: noticePdf.statusCode, pdf: noticePdf.rawPayload },
    ...creditNotes.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
    ...einvoicing.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
    ...deposits.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
    ...lineCases.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
  ];

  const files = pdfs.map(({ label, status, pdf }, n) => {
    expect({ label, status }).toEqual({ label, status: 200 });
    const file = path.join(workDir, `invoice-${n + 1}.pdf`);
    writeFileSync(file, pdf);
    return file;
  });
  // Negative controls: the kit does refuse an invoice whose total is not the sum of its parts, and a
  // currency outside its code list (the compiled schematron still reads FACTUR-X_EN16931_codedb.xml).
  const xml = await facturXml(pdfs[0].pdf);
  const wrongTotal = path.join(workDir, 'wrong-total.xml');
  writeFileSync(wrongTotal, xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>9999.99<'));
  const wrongCurrency = path.join(workDir, 'wrong-currency.xml');
  writeFileSync(wrongCurrency, xml.replace(/<ram:InvoiceCurrencyCode>EUR</, '<ram:InvoiceCurrencyCode>ZZZ<'));

  // Two at a time (two cores; the end-to-end suite runs beside this one in CI).
  const results = await mapTwoAtATime([...files, wrongTotal, wrongCurrency], officialKit);
  const [totalControl, currencyControl] = results.splice(files.length);
  results.forEach((result, n) => {
    expect({ invoice: pdfs[n].label, ...result }).toEqual({ invoice: pdfs[n].label, ok: true, output: expect.stringContaining('valid Factur-X EN 16931') });
  });
  expect(totalControl.ok).toBe(false);
  expect(totalControl.output).toContain('BR-CO-15');
  expect(currencyControl.ok).toBe(false);
  expect(currencyControl.output).toContain("Value of 'ram:InvoiceCurrencyCode' is not allowed.");

  // factur-x-kit (the check of `npm test`) agrees with the official kit on the same files.
  for (const { pdf } of pdfs) expect(await validateFacturX(pdf)).toEqual([]);
}, 600_000);
