import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { ShareState } from '@/shared/contracts/portal';
import { mockHttp, renderWithProviders, signedIn } from '@/client/test/render';
import { ShareLinkCard, viewsText } from '../share-link-card';

/**
 * The « Lien client » card of an issued document (issue 27), with the real store: a link is made
 * and copied, the live ones revoked after a question, the client's visits told, and an accepted
 * quote's certificate offered.
 */

jest.setTimeout(30_000);

const URL_MADE = 'http://localhost:8000/p/k3Jq9wZ2bVx7LmN4pQr8sT1uV6yA0cE5fG2hJ9kL3mN';
const state = (extra: Partial<ShareState> = {}): ShareState => ({
  active: false, expires_at: null, first_viewed_at: null, last_viewed_at: null, view_count: 0, answer: null, ...extra,
});

let mock: MockAdapter;
beforeEach(() => {
  mock = mockHttp();
});
afterEach(() => mock.restore());

describe('ShareLinkCard', () => {
  it('makes a link and copies it; the card then shows it live', async () => {
    mock.onGet('invoices/7/share/').replyOnce(200, state());
    mock.onGet('invoices/7/share/').reply(200, state({ active: true }));
    mock.onPost('invoices/7/share/').reply(201, { url: URL_MADE, expires_at: null });
    const { user } = renderWithProviders(<ShareLinkCard kind="invoice" id={7} />, { preloadedState: signedIn });
    expect(await screen.findByText(/Aucun lien actif/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copier le lien client' }));
    expect(await screen.findByText('Lien client copié : collez-le dans votre message.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL_MADE);
    // The mutation's answer renders once the store has it, which may come after the toast.
    expect(await screen.findByRole('status', { name: 'Lien client créé' })).toHaveTextContent(URL_MADE);
    expect(await screen.findByText('Lien actif. Pas encore consulté par le client.')).toBeInTheDocument();
  });

  it('revokes the live links after a question; « Annuler » sends nothing', async () => {
    mock.onGet('credit-notes/4/share/').replyOnce(200, state({ active: true, expires_at: '2027-11-28', first_viewed_at: '2026-11-28T09:00:00.000Z', last_viewed_at: '2026-11-28T09:00:00.000Z', view_count: 1 }));
    mock.onGet('credit-notes/4/share/').reply(200, state());
    mock.onDelete('credit-notes/4/share/').reply(204);
    const { user } = renderWithProviders(<ShareLinkCard kind="credit_note" id={4} />, { preloadedState: signedIn });
    expect(await screen.findByText(/^Lien actif \(il expire le 28 nov\. 2027\)\. Consulté le 28 nov\. 2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Révoquer le lien' }));
    let question = screen.getByRole('alertdialog', { name: 'Révoquer le lien client ?' });
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.delete).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Révoquer le lien' }));
    question = screen.getByRole('alertdialog', { name: 'Révoquer le lien client ?' });
    await user.click(within(question).getByRole('button', { name: 'Révoquer le lien' }));
    expect(await screen.findByText('Lien client révoqué.')).toBeInTheDocument();
    expect(mock.history.delete).toHaveLength(1);
    expect(await screen.findByText(/Aucun lien actif/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Révoquer le lien' })).not.toBeInTheDocument();
  });

  it('a quote accepted online: who signed, and its certificate to download', async () => {
    mock.onGet('quotes/3/share/').reply(200, state({ active: true, answer: { kind: 'accepted', at: '2026-11-28T10:15:00.000Z', signer_name: 'Jeanne Roux' } }));
    mock.onGet('quotes/3/certificate/').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const { user } = renderWithProviders(<ShareLinkCard kind="quote" id={3} />, { preloadedState: signedIn });
    expect(await screen.findByText(/^Accepté en ligne le 28 nov\. 2026.* par Jeanne Roux\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Télécharger le certificat d’acceptation' }));
    await screen.findByRole('button', { name: 'Télécharger le certificat d’acceptation' });
    expect(mock.history.get.map((request) => request.url)).toContain('quotes/3/certificate/');
  });

  it('a state that cannot be loaded is said politely (the document’s page is not interrupted), and « Réessayer » asks again', async () => {
    mock.onGet('invoices/7/share/').replyOnce(500);
    mock.onGet('invoices/7/share/').reply(200, state());
    const { user } = renderWithProviders(<ShareLinkCard kind="invoice" id={7} />, { preloadedState: signedIn });
    expect(await screen.findByText(/^Impossible de charger l’état du lien client\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(/Aucun lien actif/)).toBeInTheDocument();
  });

  it('a refusal to make a link is said in the server’s words', async () => {
    mock.onGet('quotes/3/share/').reply(200, state());
    mock.onPost('quotes/3/share/').reply(400, { detail: 'Un brouillon ne se partage pas : envoyez-le d’abord.' });
    const { user } = renderWithProviders(<ShareLinkCard kind="quote" id={3} />, { preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Copier le lien client' }));
    expect(await screen.findByText('Un brouillon ne se partage pas : envoyez-le d’abord.')).toBeInTheDocument();
  });
});

describe('viewsText', () => {
  it('says never, once, or first and last with the count', () => {
    expect(viewsText(null, null, 0)).toBe('Pas encore consulté par le client.');
    expect(viewsText('2026-11-28T09:00:00.000Z', '2026-11-28T09:00:00.000Z', 1)).toMatch(/^Consulté le 28 nov\. 2026, 10:00$/);
    expect(viewsText('2026-11-28T09:00:00.000Z', '2026-11-30T16:30:00.000Z', 3)).toMatch(
      /^Consulté le 28 nov\. 2026, 10:00 \(dernière fois le 30 nov\. 2026, 17:30, 3 consultations\)$/,
    );
  });
});
