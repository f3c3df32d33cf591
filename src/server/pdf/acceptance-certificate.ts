import PDFDocument from 'pdfkit';
import { breakLongRuns } from './breakable-text';
import { documentFonts } from './fonts';
import { PDFA_OPTIONS } from './pdfa';

/**
 * The certificat d'acceptation of a quote accepted online (issue 27): one A4 page that records the
 * evidence of the client's simple electronic signature (règlement eIDAS n° 910/2014, art. 3.10 and
 * 25.1): which quote (its number and the SHA-256 of the archived PDF the client was shown), who
 * signed (name typed, e-mail), when (Europe/Paris), from where (IP address, user agent), and the
 * consent they gave. Rendered from these facts alone, in the PDF pool (pdf-worker.ts).
 */

export interface AcceptanceCertificate {
  quoteNumber: string;
  quoteTitle: string;
  seller: string;
  client: string;
  pdfSha256: string;
  signerName: string;
  signerEmail: string;
  /** ISO 8601 (UTC): printed in Europe/Paris time. */
  answeredAt: string;
  ip: string;
  userAgent: string;
}

export const CERTIFICATE_TITLE = 'Certificat d’acceptation';
export const CONSENT_TEXT = 'J’accepte ce devis (bon pour accord)';
export const EIDAS_MENTION =
  'Signature électronique simple au sens du règlement (UE) eIDAS n° 910/2014 (art. 3.10 et art. 25) : ' +
  'le signataire a saisi son nom et coché la case de consentement ci-dessus sur la page personnelle du devis.';

const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** '28/11/2026 à 14:05:09 (heure de Paris)'. */
export function parisDateTime(iso: string): string {
  const parts = Object.fromEntries(PARIS_TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} à ${parts.hour}:${parts.minute}:${parts.second} (heure de Paris)`;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const COLOR = { text: '#1f2933', muted: '#616e7c', rule: '#cbd2d9', accent: '#1e4e8c' };

export async function renderAcceptanceCertificatePdf(c: AcceptanceCertificate, now: Date = new Date()): Promise<Buffer> {
  const fonts = documentFonts();
  const pdf = new PDFDocument({
    ...PDFA_OPTIONS,
    size: 'A4',
    margin: MARGIN,
    font: null as unknown as string,
    info: { Title: `${CERTIFICATE_TITLE} — devis ${c.quoteNumber}`, Creator: 'Carnet', Producer: 'Carnet (pdfkit)', CreationDate: now },
    displayTitle: true,
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('bold').fontSize(20).fillColor(COLOR.accent).text(CERTIFICATE_TITLE, MARGIN, MARGIN, { width: WIDTH });
  pdf.moveDown(0.3);
  pdf.font('regular').fontSize(10).fillColor(COLOR.muted).text(`Devis ${c.quoteNumber} — ${breakLongRuns(c.quoteTitle)}`, { width: WIDTH });
  pdf.moveDown(0.8);
  pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).strokeColor(COLOR.rule).lineWidth(0.8).stroke();
  pdf.moveDown(0.8);

  const row = (label: string, value: string) => {
    pdf.font('bold').fontSize(9).fillColor(COLOR.muted).text(label, MARGIN, pdf.y, { width: WIDTH });
    pdf.font('regular').fontSize(11).fillColor(COLOR.text).text(breakLongRuns(value || '—'), { width: WIDTH });
    pdf.moveDown(0.6);
  };
  row('Devis', c.quoteNumber);
  row('Émetteur', c.seller);
  row('Client', c.client);
  row('Empreinte SHA-256 du PDF du devis présenté au signataire', c.pdfSha256);
  row('Signataire', c.signerName);
  row('Adresse e-mail du signataire', c.signerEmail);
  row('Date et heure de l’acceptation', parisDateTime(c.answeredAt));
  row('Adresse IP', c.ip);
  row('Navigateur (user agent)', c.userAgent);
  row('Consentement exprimé', `« ${CONSENT_TEXT} »`);

  pdf.moveDown(0.4);
  pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + WIDTH, pdf.y).strokeColor(COLOR.rule).lineWidth(0.8).stroke();
  pdf.moveDown(0.8);
  pdf.font('regular').fontSize(9).fillColor(COLOR.muted).text(EIDAS_MENTION, MARGIN, pdf.y, { width: WIDTH });
  pdf.moveDown(0.5);
  pdf.text(
    'L’empreinte ci-dessus identifie exactement le document accepté : le PDF archivé du devis, téléchargeable depuis le même lien, ' +
      'donne la même empreinte SHA-256.',
    { width: WIDTH },
  );
  pdf.end();
  return done;
}
