import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { PortalClientSpace, PortalDocument, ShareState } from '@/shared/contracts/portal';
import { mockHttp, renderApp, renderWithProviders, signedIn } from '@/client/test/render';
import { ClientSpaceCard } from '../share-link-card';

/**
 * The client space (issue 27): the « Espace client » card of a contact's page (a link made,
 * copied and revoked), and the public list at /p/{token} whose rows open /p/{token}/{number}.
 */

jest.setTimeout(30_000);

const TOKEN = 'k3Jq9wZ2bVx7LmN4pQr8sT1uV6yA0cE5fG2hJ9kL3mN';
const URL_MADE = `http://localhost:8000/p/${TOKEN}`;
const state = (extra: Partial<ShareState> = {}): ShareState => ({
  active: false, expires_at: null, first_viewed_at: null, last_viewed_at: null, view_count: 0, answer: null, ...extra,
});
const party = (name: string) => ({ name, address_lines: ['3 place du Commerce', '35000 Rennes'], email: '', phone: '', siret: '', vat_number: '' });

const SPACE: PortalClientSpace = {
  kind: 'client_space',
  seller: { name: 'Atelier Durand', email: 'camille@atelier.fr', phone: '' },
  client_name: 'Bâtir Ouest',
  expires_at: '2027-11-28',
  documents: [
    {
      kind: 'invoice', kind_display: 'Facture', number: 'FAC-2026-0004', title: 'Refonte du site', issue_date: '2026-11-25', end_date: '2026-12-25',
      status: 'sent', status_display: 'Envoyée', total: 1440, amount_due: 1000,
    },
    {
      kind: 'quote', kind_display: 'Devis', number: 'DEV-2026-0003', title: 'Refonte du site', issue_date: '2026-11-20', end_date: '2026-12-20',
      status: 'accepted', status_display: 'Accepté', total: 1440, amount_due: null,
    },
  ],
};

const invoice: PortalDocument = {
  kind: 'invoice', kind_display: 'Facture', number: 'FAC-2026-0004', title: 'Refonte du site', issue_date: '2026-11-25', end_date: '2026-12-25',
  status: 'sent', status_display: 'Envoyée', seller: party('Atelier Durand'), client: party('Bâtir Ouest'), branding: null,
  lines: [{ title: 'Intégration', description: '', quantity: 1, unit_display: '', unit_price: 1200, tax_rate: 20, total: 1200 }],
  subtotal: 1200, tax: 240, total: 1440, mentions: [], amount_due: 1000, bank: null, payment_qr_svg: null,
  answer: null, can_answer: false, answer_refusal: null, has_certificate: false, expires_at: '2027-11-28',
};

let mock: MockAdapter;
beforeEach(() => {
  mock = mockHttp();
});
afterEach(() => mock.restore());

describe('ClientSpaceCard', () => {
  it('makes the space’s link and copies it, then revokes it after a question', async () => {
    mock.onGet('contacts/5/share/').replyOnce(200, state());
    mock.onGet('contacts/5/share/').replyOnce(200, state({ active: true, expires_at: '2027-11-28' }));
    mock.onGet('contacts/5/share/').reply(200, state());
    mock.onPost('contacts/5/share/').reply(201, { url: URL_MADE, expires_at: '2027-11-28' });
    mock.onDelete('contacts/5/share/').reply(204);
    const { user } = renderWithProviders(<ClientSpaceCard contactId={5} />, { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: 'Espace client' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun lien actif : copiez-en un ici pour l’envoyer à votre client.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copier le lien de l’espace client' }));
    expect(await screen.findByText('Lien de l’espace client copié : collez-le dans votre message.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL_MADE);
    expect(await screen.findByText('Lien actif (il expire le 28 nov. 2027). Pas encore consulté par le client.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Révoquer le lien' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Révoquer le lien de l’espace client ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer le lien' }));
    expect(await screen.findByText('Lien de l’espace client révoqué.')).toBeInTheDocument();
    expect(mock.history.delete.map((r) => r.url)).toEqual(['contacts/5/share/']);
  });
});

describe('the client space, signed out', () => {
  it('lists the client’s documents with what is due; a row opens the document’s own page', async () => {
    mock.onGet(`portal/${TOKEN}/`).reply(200, SPACE);
    mock.onGet(`portal/${TOKEN}/documents/FAC-2026-0004/`).reply(200, invoice);
    const { user } = renderApp({ route: `/p/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vos documents' })).toBeInTheDocument();
    expect(screen.getByText('Les devis, factures et avoirs de Atelier Durand pour Bâtir Ouest.')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Vos documents' })).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([`/p/${TOKEN}/FAC-2026-0004`, `/p/${TOKEN}/DEV-2026-0003`]);
    expect(rows[0].textContent?.replace(/\s/g, ' ')).toMatch(/Facture FAC-2026-0004.*Reste à payer : 1 000,00 € \(échéance le 25 déc\. 2026\).*1 440,00 €/);
    expect(rows[1]).not.toHaveTextContent('Reste à payer');

    await user.click(rows[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2026-0004' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute('href', `/api/portal/${TOKEN}/documents/FAC-2026-0004/pdf/`);
    expect(screen.getByRole('link', { name: '← Tous vos documents' })).toHaveAttribute('href', `/p/${TOKEN}`);
  });

  it('answers a quote of the space at its own path', async () => {
    const quote: PortalDocument = { ...invoice, kind: 'quote', kind_display: 'Devis', number: 'DEV-2026-0005', amount_due: null, can_answer: true };
    mock.onGet(`portal/${TOKEN}/documents/DEV-2026-0005/`).reply(200, quote);
    mock.onPost(`portal/${TOKEN}/documents/DEV-2026-0005/accept/`).reply(200, {
      ...quote, status: 'accepted', status_display: 'Accepté', can_answer: false, has_certificate: true,
      answer: { kind: 'accepted', at: '2026-11-28T10:15:00.000Z', signer_name: 'Jeanne Roux' },
    });
    const { user } = renderApp({ route: `/p/${TOKEN}/DEV-2026-0005` });
    const form = await screen.findByRole('form', { name: 'Accepter le devis DEV-2026-0005' });
    await user.type(within(form).getByRole('textbox', { name: /Votre nom et prénom/ }), 'Jeanne Roux');
    await user.click(within(form).getByRole('checkbox', { name: 'J’accepte ce devis (bon pour accord)' }));
    await user.click(within(form).getByRole('button', { name: 'Accepter et signer le devis' }));
    expect(await screen.findByText(/Devis accepté le 28 nov\. 2026 par Jeanne Roux\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger le certificat d’acceptation' })).toHaveAttribute(
      'href', `/api/portal/${TOKEN}/documents/DEV-2026-0005/certificate/`,
    );
  });
});
