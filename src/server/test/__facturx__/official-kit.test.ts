import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../test-app';
import { InvoicingWorld } from '../invoice-fixtures';
import { issueDepositCases, issueEInvoicingCases } from '../einvoicing-fixtures';
import { facturXml, validateFacturX } from '../pdf-reader';

/**
 * `npm run test:facturx`, not part of `npm test`: the invoices the app issues, checked by the
 * official Factur-X kit of ../shared/facturx (XSD, then the EN 16931 schematron with xslt3). It
 * needs ../shared beside the repository and the Debian tools poppler-utils (pdfdetach) and
 * libxml2-utils (xmllint), which .ci/run installs. `npm test` checks the same invoices with
 * factur-x-kit (src/server/modules/documents/__tests__/pdf-email.test.ts).
 */

const repoRoot = path.resolve(__dirname, '../../../..');
const VALIDATE = path.resolve(repoRoot, '../shared/facturx/validate');
const XSLT3 = path.resolve(repoRoot, 'node_modules/.bin/xslt3');
const run = promisify(execFile);

async function officialKit(file: string): Promise<{ ok: boolean; output: string }> {
  return run(VALIDATE, [file], { env: { ...process.env, XSLT3 }, maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (err: { stdout?: string; stderr?: string; message?: string }) => ({ ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` || String(err.message) }),
  );
}

let t: TestApp;
let w: InvoicingWorld;
let workDir: string;

beforeAll(async () => {
  if (!existsSync(VALIDATE)) throw new Error(`${VALIDATE} is missing: this test needs ../shared/facturx beside the repository`);
  workDir = mkdtempSync(path.join(tmpdir(), 'carnet-facturx-'));
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('passes the XSD and the EN 16931 schematron for every kind of invoice and credit note the app issues; a wrong total fails', async () => {
  const issued = await w.issuedInvoices();
  // The user's own wording for the penalties and the discount (notes PMD and AAB).
  const withNotice = await w.issue(
    w.alice,
    await w.create(w.alice, 'invoices', { legal_notice: 'Pénalités de retard : 12 % l’an.\nPas d’escompte pour paiement anticipé.' }),
  );
  const noticePdf = await w.pdfOf(w.alice, 'invoices', withNotice.id);
  const creditNotes = await w.issuedCreditNotes(issued);
  // Issue 14: franchise to a private client, several VAT rates, reverse charge, a period and a delivery address.
  const einvoicing = await issueEInvoicingCases(w);
  // Issue 15: deposit invoices (type 386) and the final invoice deducting them (BT-113, BT-25 each).
  const { cases: deposits } = await issueDepositCases(w);
  const pdfs = [
    ...issued.map((i) => ({ label: i.label, status: i.status, pdf: i.pdf })),
    { label: 'legal notice', status: noticePdf.statusCode, pdf: noticePdf.rawPayload },
    ...creditNotes.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
    ...einvoicing.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
    ...deposits.map((c) => ({ label: c.label, status: c.status, pdf: c.pdf })),
  ];

  const files = pdfs.map(({ label, status, pdf }, n) => {
    expect({ label, status }).toEqual({ label, status: 200 });
    const file = path.join(workDir, `invoice-${n + 1}.pdf`);
    writeFileSync(file, pdf);
    return file;
  });
  // Negative control: the kit does refuse an invoice whose total is not the sum of its parts.
  const xml = await facturXml(pdfs[0].pdf);
  const wrong = path.join(workDir, 'wrong-total.xml');
  writeFileSync(wrong, xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>9999.99<'));

  const results = await Promise.all([...files, wrong].map(officialKit));
  const control = results.pop()!;
  results.forEach((result, n) => {
    expect({ invoice: pdfs[n].label, ...result }).toEqual({ invoice: pdfs[n].label, ok: true, output: expect.stringContaining('valid Factur-X EN 16931') });
  });
  expect(control.ok).toBe(false);
  expect(control.output).toContain('BR-CO-15');

  // factur-x-kit (the check of `npm test`) agrees with the official kit on the same files.
  for (const { pdf } of pdfs) expect(await validateFacturX(pdf)).toEqual([]);
}, 600_000);
