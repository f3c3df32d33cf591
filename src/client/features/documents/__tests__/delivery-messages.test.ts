import { EMAIL_MESSAGES, PDF_MESSAGES, emailErrorMessage, pdfErrorMessage, pdfFileName } from '../delivery-messages';
import { INVOICE_CONFIG, QUOTE_CONFIG } from '../document-kinds';

const blob = (text: string) => new Blob([text], { type: 'application/json' });

describe('pdfErrorMessage (errors arrive as blobs)', () => {
  it("shows the JSON body's error text", async () => {
    await expect(pdfErrorMessage({ status: 404, data: blob('{"error":"Devis introuvable."}') })).resolves.toBe('Devis introuvable.');
  });

  it('falls back to the generic message when the JSON has no error field', async () => {
    await expect(pdfErrorMessage({ status: 500, data: blob('{"detail":"x"}') })).resolves.toBe(PDF_MESSAGES.generic);
  });

  it('says the response is unexpected when it is not JSON', async () => {
    await expect(pdfErrorMessage({ status: 502, data: blob('<html>Bad gateway</html>') })).resolves.toBe(
      "Réponse d'erreur inattendue du serveur.",
    );
  });

  it('reports a blob that cannot be read', async () => {
    const original = FileReader.prototype.readAsText;
    FileReader.prototype.readAsText = function failing(this: FileReader) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    };
    try {
      await expect(pdfErrorMessage({ status: 500, data: blob('{}') })).resolves.toBe(
        'Erreur lors de la lecture de la réponse du serveur.',
      );
    } finally {
      FileReader.prototype.readAsText = original;
    }
  });

  it('says the network failed when no response arrived', async () => {
    await expect(pdfErrorMessage({ status: 'FETCH_ERROR', error: 'Network Error' })).resolves.toBe(
      'Erreur réseau ou serveur inaccessible.',
    );
  });
});

describe('emailErrorMessage (SPEC section 8)', () => {
  it.each([
    [QUOTE_CONFIG, { status: 400, data: { error: "Le client n'a pas d'e-mail." } }, "Erreur : Le client n'a pas d'e-mail."],
    [QUOTE_CONFIG, { status: 403, data: {} }, "Vous n'êtes pas autorisé à envoyer ce devis."],
    [INVOICE_CONFIG, { status: 403, data: {} }, "Vous n'êtes pas autorisé à envoyer cette facture."],
    [QUOTE_CONFIG, { status: 404, data: { error: 'Devis introuvable.' } }, 'Devis introuvable. Veuillez recharger la page.'],
    [INVOICE_CONFIG, { status: 404, data: {} }, 'Facture introuvable. Veuillez recharger la page.'],
    [QUOTE_CONFIG, { status: 500, data: {} }, 'Une erreur est survenue sur le serveur. Veuillez réessayer plus tard.'],
    [QUOTE_CONFIG, { status: 418, data: {} }, 'Une erreur est survenue (418).'],
    [QUOTE_CONFIG, { status: 502, data: { error: "L'envoi a échoué." } }, "Une erreur est survenue (502). L'envoi a échoué."],
    [QUOTE_CONFIG, { status: 'FETCH_ERROR', error: 'Network Error' }, 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.'],
    [QUOTE_CONFIG, { status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' }, 'Une erreur inattendue est survenue.'],
  ] as const)('%#: %j', (config, error, expected) => {
    expect(emailErrorMessage(config, error as never)).toBe(expected);
  });

  it('shows a message on 429 (the SPEC defect fixed): the error, else the detail, else a default', () => {
    expect(emailErrorMessage(QUOTE_CONFIG, { status: 429, data: { error: 'Trop d’envois.', detail: 'x' } })).toBe('Trop d’envois.');
    expect(emailErrorMessage(QUOTE_CONFIG, { status: 429, data: { detail: 'Request was throttled.' } })).toBe('Request was throttled.');
    expect(emailErrorMessage(QUOTE_CONFIG, { status: 429, data: undefined })).toBe(EMAIL_MESSAGES.tooMany);
    expect(EMAIL_MESSAGES.tooMany).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
  });
});

describe('pdfFileName', () => {
  it('uses the number, else the id', () => {
    expect(pdfFileName(QUOTE_CONFIG, { id: 4, number: 'DEV-2025-0001' })).toBe('devis_DEV-2025-0001.pdf');
    expect(pdfFileName(INVOICE_CONFIG, { id: 12, number: null })).toBe('facture_12.pdf');
  });
});
