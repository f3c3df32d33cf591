import { signUp, type TestApp } from './test-app';

/**
 * Quotes and invoices through the real app, shared by the PDF/e-mail tests (`npm test`) and the
 * official Factur-X kit's test (`npm run test:facturx`): two issuers (a company with a VAT number,
 * a micro-entrepreneur without one), a Belgian client, and the invoices every Factur-X check runs on.
 */

export type User = Awaited<ReturnType<typeof signUp>>;
export type DocumentKind = 'quotes' | 'invoices';
export interface LineInput {
  title: string;
  quantity: number;
  unit_price: number;
  description: string;
}

export const line = (title: string, quantity: number, unit_price: number, description = ''): LineInput => ({
  title, quantity, unit_price, description,
});

/** An issued invoice and its PDF as GET …/generate_pdf/ answers it. */
export interface IssuedInvoice {
  /** What the case is: '20 %', '5.5 %, several pages', '0 %, franchise en base'. */
  label: string;
  invoice: { id: number; invoice_number: string; total_amount: number } & Record<string, unknown>;
  status: number;
  contentDisposition: string;
  pdf: Buffer;
}

export class InvoicingWorld {
  alice!: User; // company with a VAT number
  carol!: User; // micro-entrepreneur: no VAT number (franchise en base)
  client!: { id: number; name: string };

  constructor(readonly t: TestApp) {}

  /** Signs up alice and carol (with `signUpUser`: the outbox's or the SMTP server's), fills their profiles, adds alice's client. */
  async setUp(signUpUser: () => Promise<User> = () => signUp(this.t)): Promise<this> {
    this.alice = await signUpUser();
    this.carol = await signUpUser();
    await this.expectOk(
      this.profile(this.alice, {
        company_name: 'Studio Dupont', business_type: 'SARL', address: '12 rue des Lilas', postal_code: '69001', city: 'Lyon',
        phone: '04 72 00 00 00', website: 'https://studio-dupont.fr', siret: '12345678200010', vat_number: 'FR11123456782',
        vat_regime: 'assujetti', signature_notice: 'Jeanne Dupont — Studio Dupont',
      }),
      200,
    );
    await this.expectOk(
      this.profile(this.carol, {
        company_name: 'Carole Martin EI', business_type: 'Entrepreneur individuel', address: '3 place du Marché', postal_code: '44000',
        city: 'Nantes', siret: '98765432400001', vat_number: '',
      }),
      200,
    );
    this.client = await this.expectOk(
      this.call(this.alice, 'POST', '/api/contacts/', {
        name: 'Librairie Colette', company: 'Colette SAS', email: 'colette@exemple.fr', address: '5 rue Haute',
        postal_code: '1000', city: 'Bruxelles', country: 'Belgique',
      }),
      201,
    );
    return this;
  }

  async call(who: User, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<{ status: number; body: any; res: Awaited<ReturnType<TestApp['app']['inject']>> }> {
    const res = await this.t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: String(res.headers['content-type']).startsWith('application/json') ? res.json() : null, res };
  }

  private async expectOk(answer: ReturnType<InvoicingWorld['call']>, status: number): Promise<any> {
    const res = await answer;
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.res.body}`);
    return res.body;
  }

  profile(who: User, extra: object) {
    return this.call(who, 'PUT', '/api/profile/', { email: who.email, first_name: 'Jeanne', last_name: 'Dupont', ...extra });
  }

  body(extra: object = {}) {
    return {
      title: 'Refonte du site',
      client_id: this.client.id,
      line_items: [line('Conception graphique', 1, 1234.56, 'Maquettes et charte'), line('Intégration', 3, 450)],
      ...extra,
    };
  }

  /** A draft (201 expected). */
  create(who: User, kind: DocumentKind, extra: object = {}, clientId = this.client.id): Promise<any> {
    return this.expectOk(this.call(who, 'POST', `/api/${kind}/`, this.body({ client_id: clientId, ...extra })), 201);
  }

  /** Issues a draft invoice (status 'sent', which gives it its number); 200 expected. */
  async issue(who: User, invoice: { id: number }, clientId = this.client.id): Promise<any> {
    const current = (await this.call(who, 'GET', `/api/invoices/${invoice.id}/`)).body;
    return this.expectOk(this.call(who, 'PUT', `/api/invoices/${invoice.id}/`, { ...current, client_id: clientId, status: 'sent' }), 200);
  }

  pdfOf(who: User, kind: DocumentKind, id: number) {
    return this.t.app.inject({ method: 'GET', url: `/api/${kind}/${id}/generate_pdf/`, headers: who.auth });
  }

  /** Invoices at 20 %, at 5.5 % over several pages, and at 0 % by a micro-entrepreneur, issued, with their PDFs. */
  async issuedInvoices(): Promise<IssuedInvoice[]> {
    const carolClient = await this.expectOk(
      this.call(this.carol, 'POST', '/api/contacts/', {
        // A French business: its SIREN is required to invoice it (issue 25).
        name: 'Boulangerie Potier', email: 'potier@exemple.fr', siren: '732829320', address: '8 rue du Four', postal_code: '44000', city: 'Nantes',
      }),
      201,
    );
    const many = Array.from({ length: 45 }, (_, i) =>
      line(`Séance ${i + 1}`, 1 + (i % 3), 87.35, i % 4 === 0 ? 'Préparation, animation et compte rendu de la séance. '.repeat(3) : ''),
    );
    const cases = [
      { label: '20 %', who: this.alice, clientId: this.client.id, extra: { tax_rate: 20 } },
      { label: '5.5 %, several pages', who: this.alice, clientId: this.client.id, extra: { tax_rate: 5.5, line_items: many } },
      { label: '0 %, franchise en base', who: this.carol, clientId: carolClient.id as number, extra: { tax_rate: 0 } },
    ];
    const issued: IssuedInvoice[] = [];
    for (const { label, who, clientId, extra } of cases) {
      const invoice = await this.issue(who, await this.create(who, 'invoices', extra, clientId), clientId);
      const res = await this.pdfOf(who, 'invoices', invoice.id);
      issued.push({ label, invoice, status: res.statusCode, contentDisposition: String(res.headers['content-disposition']), pdf: res.rawPayload });
    }
    return issued;
  }

  /**
   * Credit notes on invoices from `issuedInvoices()`: a partial one (chosen line, reason) on the
   * first and a full one on the last (franchise en base), with their PDFs; then the full credit of
   * a balance no rounded VAT reaches (119,97 € at 20 %: credited 119,98 €).
   */
  async issuedCreditNotes(invoices: IssuedInvoice[]): Promise<IssuedCreditNote[]> {
    const unreachable = await this.issue(this.alice, await this.create(this.alice, 'invoices', { tax_rate: 20, line_items: [line('Conseil', 1, 100)] }));
    const cases = [
      { label: 'partial credit note, 20 %', who: this.alice, invoice: invoices[0].invoice, body: { reason: 'Remise commerciale', line_items: [line('Remise', 1, 100)] } },
      { label: 'full credit note, franchise en base', who: this.carol, invoice: invoices.at(-1)!.invoice, body: {} },
      { label: 'cent credit note, 20 %', who: this.alice, invoice: unreachable, body: { line_items: [line('Geste', 1, 0.01)] } },
      { label: 'two cents credit note, 20 %', who: this.alice, invoice: unreachable, body: { line_items: [line('Geste', 1, 0.02)] } },
      { label: 'full credit note of 119,97 € at 20 %: 119,98 €', who: this.alice, invoice: unreachable, body: {} },
    ];
    const notes: IssuedCreditNote[] = [];
    for (const { label, who, invoice, body } of cases) {
      const note = await this.expectOk(this.call(who, 'POST', `/api/invoices/${invoice.id}/credit_note/`, body), 201);
      const res = await this.t.app.inject({ method: 'GET', url: `/api/credit-notes/${note.id}/generate_pdf/`, headers: who.auth });
      notes.push({ label, creditNote: note, invoice, status: res.statusCode, contentDisposition: String(res.headers['content-disposition']), pdf: res.rawPayload });
    }
    return notes;
  }
}

/** A credit note (avoir) and its PDF, with the invoice it corrects. */
export interface IssuedCreditNote {
  label: string;
  creditNote: { id: number; credit_note_number: string; total_amount: number } & Record<string, unknown>;
  invoice: IssuedInvoice['invoice'];
  status: number;
  contentDisposition: string;
  pdf: Buffer;
}
