import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { PortalDocument } from '@/shared/contracts/portal';
import { mockHttp, renderApp } from '@/client/test/render';

/**
 * The client portal's public page (issue 27), with the real store and routes, signed out: the
 * document as issued, the quote's acceptance (name, consent, then the answer the server gives),
 * the refusals kept beside what was typed, and the pages of a link gone or unknown.
 */

jest.setTimeout(30_000);

const TOKEN = 'k3Jq9wZ2bVx7LmN4pQr8sT1uV6yA0cE5fG2hJ9kL3mN';
const party = (name: string) => ({ name, address_lines: ['3 place du Commerce', '35000 Rennes'], email: '', phone: '', siret: '', vat_number: '' });

function quote(extra: Partial<PortalDocument> = {}): PortalDocument {
  return {
    kind: 'quote', kind_display: 'Devis', number: 'DEV-2026-0003', title: 'Refonte du site', issue_date: '2026-11-20', end_date: '2026-12-20',
    status: 'sent', status_display: 'Envoyé', seller: { ...party('Atelier Durand'), siret: '73282932000074', email: 'camille@atelier.fr' },
    client: party('Bâtir Ouest'), branding: null,
    lines: [
      { title: 'Maquettes', description: 'Trois pages', quantity: 2, unit_display: 'jours', unit_price: 450, tax_rate: 20, total: 900 },
      { title: 'Intégration', description: '', quantity: 1, unit_display: '', unit_price: 300, tax_rate: 20, total: 300 },
    ],
    subtotal: 1200, tax: 240, total: 1440, mentions: [], amount_due: null, bank: null, payment_qr_svg: null,
    answer: null, can_answer: true, answer_refusal: null, has_certificate: false, expires_at: '2027-01-19T23:00:00.000Z',
    ...extra,
  };
}

let mock: MockAdapter;
beforeEach(() => {
  mock = mockHttp();
});
afterEach(() => mock.restore());

describe('a quote opened from its link', () => {
  it('shows the quote as issued, without the app’s header, and its PDF as a public file', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote());
    renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2026-0003' })).toBeInTheDocument();
    // The seller's name heads the page, not Carnet's header (no search, no sign-in).
    expect(screen.getByRole('banner')).toHaveTextContent(/^Atelier Durand$/);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Lignes' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringMatching(/^Maquettes.*Trois pages.*2 jours × 450,00 €.*900,00 €$/),
      expect.stringMatching(/^Intégration.*1 × 300,00 €.*300,00 €$/),
    ]);
    expect(screen.getByText('Total TTC').nextSibling?.textContent?.replace(/\s/g, ' ')).toBe('1 440,00 €');
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute('href', `/api/portal/${TOKEN}/pdf/`);
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('is accepted with a name and the consent ticked: the server’s answer replaces the form', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote());
    const accepted = quote({
      status: 'accepted', status_display: 'Accepté', can_answer: false, has_certificate: true,
      answer: { kind: 'accepted', at: '2026-11-28T10:15:00.000Z', signer_name: 'Jeanne Roux' },
    });
    mock.onPost(`portal/${TOKEN}/accept/`).reply(200, accepted);
    const { user } = renderApp({ route: `/p/${TOKEN}` });
    const form = await screen.findByRole('form', { name: 'Accepter le devis DEV-2026-0003' });

    // Nothing typed, nothing ticked: said in French, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Accepter et signer le devis' }));
    expect(within(form).getByText('Indiquez votre nom.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Cochez « J’accepte ce devis (bon pour accord) ».');
    expect(mock.history.post).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Votre nom et prénom/ }), '  Jeanne Roux ');
    await user.click(within(form).getByRole('checkbox', { name: 'J’accepte ce devis (bon pour accord)' }));
    await user.click(within(form).getByRole('button', { name: 'Accepter et signer le devis' }));

    expect(await screen.findByText(/Devis accepté le 28 nov\. 2026 par Jeanne Roux\./)).toBeInTheDocument();
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ signer_name: 'Jeanne Roux', signer_email: '', consent: true });
    expect(screen.queryByRole('form', { name: /Accepter le devis/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger le certificat d’acceptation' })).toHaveAttribute('href', `/api/portal/${TOKEN}/certificate/`);
  });

  it('keeps what was typed when the server refuses, its messages under the fields and above the form', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote());
    mock.onPost(`portal/${TOKEN}/accept/`).replyOnce(400, { signer_email: ['Adresse e-mail invalide.'] });
    mock.onPost(`portal/${TOKEN}/accept/`).replyOnce(409, { detail: 'Ce devis a déjà reçu une réponse.' });
    const { user } = renderApp({ route: `/p/${TOKEN}` });
    const form = await screen.findByRole('form', { name: 'Accepter le devis DEV-2026-0003' });
    await user.type(within(form).getByRole('textbox', { name: /Votre nom et prénom/ }), 'Jeanne Roux');
    await user.type(within(form).getByRole('textbox', { name: 'Votre e-mail (facultatif)' }), 'jeanne@');
    await user.click(within(form).getByRole('checkbox', { name: 'J’accepte ce devis (bon pour accord)' }));
    await user.click(within(form).getByRole('button', { name: 'Accepter et signer le devis' }));
    expect(await within(form).findByText('Adresse e-mail invalide.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Votre nom et prénom/ })).toHaveValue('Jeanne Roux');
    expect(within(form).getByRole('checkbox', { name: 'J’accepte ce devis (bon pour accord)' })).toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Accepter et signer le devis' }));
    expect(await screen.findByText('Ce devis a déjà reçu une réponse.')).toBeInTheDocument();
  });

  it('is declined with a reason', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote());
    mock.onPost(`portal/${TOKEN}/decline/`).reply(200, quote({
      status: 'rejected', status_display: 'Refusé', can_answer: false, answer: { kind: 'declined', at: '2026-11-28T10:15:00.000Z', reason: 'Trop cher' },
    }));
    const { user } = renderApp({ route: `/p/${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Refuser le devis' }));
    const form = screen.getByRole('form', { name: 'Refuser le devis' });
    await user.type(within(form).getByRole('textbox', { name: 'Motif du refus (facultatif)' }), 'Trop cher');
    await user.click(within(form).getByRole('button', { name: 'Confirmer le refus' }));
    expect(await screen.findByText('Devis refusé le 28 nov. 2026.')).toBeInTheDocument();
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ reason: 'Trop cher' });
  });

  it('past its validity says why it can no longer be accepted, and offers no form', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote({ can_answer: false, answer_refusal: 'La date de validité de ce devis est dépassée : il ne peut plus être accepté.' }));
    renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByText('La date de validité de ce devis est dépassée : il ne peut plus être accepté.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Accepter le devis/ })).not.toBeInTheDocument();
  });
});

describe('an invoice opened from its link', () => {
  it('says what is still due, by when, and how to pay it: the transfer’s QR code and the bank details', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote({
      kind: 'invoice', kind_display: 'Facture', number: 'FAC-2026-0007', end_date: '2026-12-28', status: 'partially_paid', status_display: 'Partiellement payée',
      amount_due: 940, can_answer: false, bank: { holder: 'Atelier Durand', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
      payment_qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', expires_at: null,
    }));
    renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 2, name: /^Reste à payer : 940,00\s€$/ })).toBeInTheDocument();
    expect(screen.getByText('À régler au plus tard le 28 déc. 2026.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^QR code du virement de 940,00\s€$/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByText('FR76 3000 6000 0112 3456 7890 189')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('once paid says so, with no QR code', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote({ kind: 'invoice', kind_display: 'Facture', number: 'FAC-2026-0007', amount_due: 0, can_answer: false }));
    renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 2, name: 'Cette facture est réglée. Merci !' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });
});

describe('a link that no longer opens anything', () => {
  it('revoked or expired: says so and how to reach the seller, nothing of the document', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(410, { detail: 'Ce lien a expiré.', seller: { name: 'Atelier Durand', email: 'camille@atelier.fr', phone: '02 40 00 00 00' } });
    renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lien indisponible' })).toBeInTheDocument();
    expect(screen.getByText('Ce lien a expiré.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'camille@atelier.fr' })).toHaveAttribute('href', 'mailto:camille@atelier.fr');
    expect(screen.getByRole('link', { name: '02 40 00 00 00' })).toHaveAttribute('href', 'tel:0240000000');
  });

  it('unknown: the same words for any token', async () => {
    mock.onGet(`portal/nope/`).reply(404, { detail: 'Ce lien n’existe pas. Vérifiez l’adresse reçue par e-mail.' });
    renderApp({ route: '/p/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lien introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Ce lien n’existe pas. Vérifiez l’adresse reçue par e-mail.')).toBeInTheDocument();
  });

  it('unreachable server: says so, and « Réessayer » asks again', async () => {
    mock.onGet(`portal/${TOKEN}/`).networkErrorOnce();
    mock.onGet(`portal/${TOKEN}/`).reply(200, quote());
    const { user } = renderApp({ route: `/p/${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2026-0003' })).toBeInTheDocument();
  });
});
