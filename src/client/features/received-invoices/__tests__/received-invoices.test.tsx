import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** « Factures reçues » (issue 26), through the whole app and a real store. */

jest.setTimeout(30_000);

const party = (name: string, siren: string) => ({
  name, siren, vat_number: null, email: null, address: { line1: '35 rue d’ici', line2: '', postal_code: '75018', city: 'PARIS', country: 'FR' },
});
const row = (id: number, number: string, extra: object = {}) => ({
  id, number, type_code: '380', is_credit_note: false, issue_date: '2026-11-02', due_date: '2026-12-02', supplier_name: 'LE VENDEUR', supplier_siren: '100000009',
  total_net: 10000, total_vat: 2000, total_gross: 12000, amount_due: 12000, status: 'received', status_display: 'À traiter', format: 'cii', source: 'upload',
  problems_count: 0, received_at: '2026-11-27T10:00:00Z', ...extra,
});
const detail = (extra: object = {}) => ({
  ...row(7, 'F202600042'),
  currency: 'EUR', seller: party('LE VENDEUR', '100000009'), buyer: party('Marie Dupont EI', '200000008'),
  lines: [{ name: 'Hébergement', description: 'Novembre', quantity: 1, unit_code: 'C62', unit_price: 10000, total: 10000, vat_category: 'S', vat_rate: 20 }],
  vat_breakdown: [{ category: 'S', rate: 20, base: 10000, tax: 2000 }], total_lines: 10000, total_prepaid: 0,
  payment: { iban: 'FR7630006000011234567890189', bic: null }, notes: [], problems: [], has_pdf: false, original_name: 'F202600042.xml',
  history: [], allowed_answers: ['approved', 'disputed', 'refused', 'paid'], ...extra,
});

describe('received invoices', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr' });
  });
  afterEach(() => mock.restore());

  it('explains an empty inbox, and files an uploaded invoice then opens it', async () => {
    let rows: object[] = [];
    mock.onGet('received-invoices/').reply(() => [200, rows]);
    mock.onGet('received-invoices/7/').reply(200, detail());
    mock.onPost('received-invoices/import/').reply((config) => {
      expect(config.params).toEqual({ name: 'facture.xml' });
      expect(config.headers?.['Content-Type']).toBe('text/xml');
      rows = [row(7, 'F202600042')];
      return [201, detail()];
    });
    const { user } = renderApp({ route: '/received-invoices', preloadedState: signedIn });
    expect(await screen.findByText('Aucune facture reçue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Factures reçues/ })).toHaveAttribute('href', '/received-invoices');

    await user.upload(screen.getByLabelText('Fichier de la facture'), new File(['<Invoice/>'], 'facture.xml', { type: 'text/xml' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture F202600042' })).toBeInTheDocument();
    expect(screen.getByText('Facture F202600042 de LE VENDEUR importée.')).toBeInTheDocument();
  });

  it('says in French why a file was refused, and keeps the list', async () => {
    mock.onGet('received-invoices/').reply(200, [row(1, 'A-1')]);
    mock.onPost('received-invoices/import/').reply(400, { file: ['Ce PDF ne contient pas de facture électronique (aucun XML Factur-X joint).'] });
    const { user } = renderApp({ route: '/received-invoices', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'A-1' });
    await user.upload(screen.getByLabelText('Fichier de la facture'), new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La facture n’a pas pu être importée. Ce PDF ne contient pas de facture électronique');
    expect(screen.getByRole('link', { name: 'A-1' })).toBeInTheDocument();
  });

  it('filters by status on the server, and shows what does not add up', async () => {
    mock.onGet('received-invoices/').reply((config) =>
      config.params?.status === 'disputed' ? [200, [row(2, 'B-2', { status: 'disputed', status_display: 'En litige' })]] : [200, [row(1, 'A-1', { problems_count: 2 }), row(2, 'B-2', { status: 'disputed', status_display: 'En litige' })]],
    );
    const { user } = renderApp({ route: '/received-invoices', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'A-1' });
    expect(screen.getByText('2 incohérences')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'disputed');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'A-1' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'B-2' })).toBeInTheDocument();
  });

  it('refuses an invoice with a « Motif » of the refusal’s list, asked in a dialog; the server’s field messages under their fields', async () => {
    let current = detail({ problems: ['Le total TTC (12500,00 €) n’est pas le total HT plus la TVA (12000,00 €).'] });
    mock.onGet('received-invoices/7/').reply(() => [200, current]);
    mock.onGet('received-invoices/').reply(200, []);
    const posted: unknown[] = [];
    mock.onPost('received-invoices/7/status/').replyOnce((config) => {
      posted.push(JSON.parse(config.data));
      return [400, { reason_code: ['« Montant total erroné » n’est pas un motif admis pour une facture « Refusée » : choisissez un motif de la liste.'] }];
    });
    mock.onPost('received-invoices/7/status/').reply((config) => {
      posted.push(JSON.parse(config.data));
      current = detail({
        status: 'refused', status_display: 'Refusée', allowed_answers: [],
        history: [{ status: 'refused', label: 'Refusée', code: 210, reason_code: 'CALCUL_ERR', reason_label: 'Erreur de calcul de la facture', reason: 'Total TTC faux', at: '2026-11-28T09:00:00Z', sent: null }],
      });
      return [200, current];
    });
    const { user } = renderApp({ route: '/received-invoices/7', preloadedState: signedIn });
    expect(await screen.findByText('Ce qui ne s’additionne pas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuser la facture' });
    const motif = within(dialog).getByRole('combobox', { name: /Motif/ });
    await waitFor(() => expect(motif).toHaveFocus());
    expect(motif).toBeRequired();
    // The 13 codes a refusal admits, in their order, and not « Autre ».
    const options = within(motif).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(14);
    expect(options.slice(0, 3)).toEqual(['Choisissez un motif', 'Taux de TVA erroné', 'Montant total erroné']);
    expect(options.at(-1)).toBe('Référence contractuelle absente');
    expect(options).not.toContain('Autre (précisez)');

    // No motif: said under the field, focus on it, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText('Choisissez un motif.')).toBeInTheDocument();
    expect(motif).toHaveFocus();
    expect(motif).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);

    // The server's message for the motif goes under the motif.
    await user.selectOptions(motif, 'Montant total erroné');
    expect(within(dialog).queryByText('Choisissez un motif.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText(/« Montant total erroné » n’est pas un motif admis/)).toBeInTheDocument();
    expect(motif).toHaveFocus();

    await user.selectOptions(motif, 'CALCUL_ERR');
    await user.type(within(dialog).getByRole('textbox', { name: 'Précisions' }), 'Total TTC faux');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { status: 'refused', reason_code: 'MONTANTTOTAL_ERR', reason: '' },
      { status: 'refused', reason_code: 'CALCUL_ERR', reason: 'Total TTC faux' },
    ]);
    expect(await screen.findByText(/Refusée — Erreur de calcul de la facture — Total TTC faux/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approuver' })).not.toBeInTheDocument();
  });

  it('disputes with « Autre (précisez) » from the keyboard: the details then required; a refusal of the answer itself shown in the dialog', async () => {
    let current = detail();
    mock.onGet('received-invoices/7/').reply(() => [200, current]);
    mock.onGet('received-invoices/').reply(200, []);
    const posted: unknown[] = [];
    mock.onPost('received-invoices/7/status/').replyOnce((config) => {
      posted.push(JSON.parse(config.data));
      return [400, { status: ['Une facture « Refusée » ne peut pas passer à « En litige ».'] }];
    });
    mock.onPost('received-invoices/7/status/').reply((config) => {
      posted.push(JSON.parse(config.data));
      current = detail({
        status: 'disputed', status_display: 'En litige', allowed_answers: ['approved', 'refused'],
        history: [{ status: 'disputed', label: 'En litige', code: 207, reason_code: 'AUTRE', reason_label: 'Autre', reason: 'Livraison partielle', at: '2026-11-28T09:00:00Z', sent: null }],
      });
      return [200, current];
    });
    const { user } = renderApp({ route: '/received-invoices/7', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Contester' }));
    const dialog = screen.getByRole('dialog', { name: 'Contester la facture' });
    const motif = within(dialog).getByRole('combobox', { name: /Motif/ });
    await waitFor(() => expect(motif).toHaveFocus());
    const options = within(motif).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(27);
    expect(options.slice(13, 16)).toEqual(['Référence contractuelle absente', 'Autre (précisez)', 'Erreur de coordonnées bancaires']);
    expect(options.at(-1)).toBe('Justificatif absent ou insuffisant');

    const details = within(dialog).getByRole('textbox', { name: 'Précisions' });
    expect(details).not.toBeRequired();
    await user.selectOptions(motif, 'AUTRE');
    expect(details).toBeRequired();
    expect(within(dialog).getByText(/Obligatoires avec « Autre \(précisez\) »/)).toBeInTheDocument();
    // Tab to « Contester », Enter: the details are asked for, the focus on them.
    await user.tab();
    expect(details).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Contester' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Dites au fournisseur pourquoi.')).toBeInTheDocument();
    expect(details).toHaveFocus();
    expect(posted).toEqual([]);

    await user.keyboard('Livraison partielle');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Une facture « Refusée » ne peut pas passer à « En litige ».');
    await user.click(within(dialog).getByRole('button', { name: 'Contester' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      { status: 'disputed', reason_code: 'AUTRE', reason: 'Livraison partielle' },
      { status: 'disputed', reason_code: 'AUTRE', reason: 'Livraison partielle' },
    ]);
    expect(await screen.findByText(/En litige — Autre — Livraison partielle/)).toBeInTheDocument();
  });
});
