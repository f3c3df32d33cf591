import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { formatDate } from '@/client/lib/format';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

const today = parisToday();

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const CONTACTS = [
  { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr', phone: '', company: '', category: 'client' },
  { id: 4, name: 'Atelier Dupont', email: '', phone: '', company: '', category: 'client' },
];
const TASKS = [
  { id: 9, title: 'Maquettes', description: 'Trois écrans', hourly_rate: 55.5, cost: 111, project: { id: 1, name: 'Site' } },
  { id: 10, title: 'Recette', description: '', hourly_rate: 0, cost: 240, project: null },
];
const PROFILE = { email: 'marie@exemple.fr', legal_notice: 'Mentions par défaut', signature_notice: 'Bon pour accord' };

function record(kind: 'quote' | 'invoice', extra: Record<string, unknown> = {}) {
  return {
    id: 7,
    ...(kind === 'quote'
      ? { quote_number: 'DEV-2025-0007', expiration_date: addDays(today, 30) }
      : { invoice_number: null, due_date: addDays(today, 30), payment_date: null, quote_id: null }),
    title: 'Refonte du site',
    description: 'Notes',
    client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
    status: 'draft',
    status_display: 'Brouillon',
    priority: 'normale',
    issue_date: today,
    tax_rate: 20,
    legal_notice: 'Mentions',
    signature_notice: 'Signature',
    subtotal: 155.5,
    tax_amount: 31.1,
    total_amount: 186.6,
    created_at: '2025-11-01T10:00:00Z',
    line_items: [
      { id: 11, title: 'Atelier', description: '', quantity: 2, unit_price: 60, total: 120, task_id: 9, task: { id: 9, title: 'Maquettes', hourly_rate: 55.5, cost: 111 } },
      { id: 12, title: 'Déplacement', description: '', quantity: 1, unit_price: 35.5, total: 35.5, task_id: null, task: null },
    ],
    ...extra,
  };
}

// The document's title comes first; each line has its own 'Titre' inside its fieldset.
const documentTitle = () => screen.getAllByRole('textbox', { name: /^Titre/ })[0];
const lines = () => screen.getAllByTestId('line-item');
const line = (n: number) => within(lines()[n - 1]);
const totals = () => [screen.getByTestId('total-ht'), screen.getByTestId('total-tva'), screen.getByTestId('total-ttc')].map((e) => e.textContent?.replace(/\s/g, ' '));

/** Says yes to « Émettre la facture ? » (issue 28). */
const confirmIssue = async (user: { click: (element: Element) => Promise<void> }) =>
  user.click(within(await screen.findByRole('alertdialog', { name: 'Émettre la facture ?' })).getByRole('button', { name: 'Émettre la facture' }));

describe('document detail page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, CONTACTS);
    mock.onGet('tasks/').reply(200, TASKS);
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  const postBody = () => JSON.parse(mock.history.post[mock.history.post.length - 1].data);
  const putBody = () => JSON.parse(mock.history.put[mock.history.put.length - 1].data);

  it('takes a discount on a line and on the whole document: live totals after them, sent as typed (issue 25)', async () => {
    mock.onPost('quotes/').reply(201, record('quote', { id: 43, quote_number: 'DEV-2025-0043' }));
    mock.onGet('quotes/43/').reply(200, record('quote', { id: 43, quote_number: 'DEV-2025-0043' }));
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    await user.type(documentTitle(), 'Refonte');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    await user.type(line(1).getByRole('textbox', { name: /Titre/ }), 'Conception');
    await user.clear(line(1).getByRole('textbox', { name: /Quantité/ }));
    await user.type(line(1).getByRole('textbox', { name: /Quantité/ }), '10');
    await user.clear(line(1).getByRole('textbox', { name: /Prix unitaire/ }));
    await user.type(line(1).getByRole('textbox', { name: /Prix unitaire/ }), '80');
    // 10 % off the line: 720 € HT.
    await user.type(line(1).getByRole('textbox', { name: 'Remise' }), '10');
    await user.tab();
    expect(line(1).getByTestId('line-total').textContent?.replace(/\s/g, ' ')).toBe('720,00 €');
    // 20 € off the document, for a reason: 700 € HT, 140 € VAT.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de remise globale' }), 'amount');
    await user.type(screen.getByRole('textbox', { name: 'Remise globale' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Motif de la remise' }), 'Fidélité');
    await user.tab();
    expect(screen.getByTestId('total-lines').textContent?.replace(/\s/g, ' ')).toBe('720,00 €');
    expect(screen.getByText('Fidélité')).toBeInTheDocument();
    expect(screen.getByTestId('total-discount').textContent?.replace(/\s/g, ' ')).toBe('−20,00 €');
    expect(totals()).toEqual(['700,00 €', '140,00 €', '840,00 €']);

    // A discount that is not one is refused before anything is sent.
    await user.clear(line(1).getByRole('textbox', { name: 'Remise' }));
    await user.type(line(1).getByRole('textbox', { name: 'Remise' }), '101');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    expect(await line(1).findByText('La remise doit être un nombre positif d’au plus deux décimales (au plus 100 %).')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
    await user.clear(line(1).getByRole('textbox', { name: 'Remise' }));
    await user.type(line(1).getByRole('textbox', { name: 'Remise' }), '10');

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/43'));
    expect(postBody()).toMatchObject({ discount_percent: 0, discount_amount: 20, discount_reason: 'Fidélité' });
    expect(postBody().line_items).toEqual([expect.objectContaining({ quantity: 10, unit_price: 80, discount_percent: 10, discount_amount: 0 })]);
  });

  it('creates a quote: defaults, task link, live totals, validation, payload and navigation', async () => {
    mock.onPost('quotes/').reply(201, record('quote', { id: 42, quote_number: 'DEV-2025-0042' }));
    mock.onGet('quotes/42/').reply(200, record('quote', { id: 42, quote_number: 'DEV-2025-0042' }));
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });

    // Defaults: today, +30 days, 20 %, the profile's notices.
    expect(screen.getByLabelText(/^Date d'émission/)).toHaveValue(today);
    expect(screen.getByLabelText(/^Date d'expiration/)).toHaveValue(addDays(today, 30));
    expect(screen.getByRole('combobox', { name: 'Taux de TVA par défaut' })).toHaveValue('20');
    expect(screen.getByLabelText('Mentions légales')).toHaveValue('Mentions par défaut');
    expect(screen.getByLabelText('Signature')).toHaveValue('Bon pour accord');
    expect(screen.queryByRole('button', { name: 'Télécharger PDF' })).not.toBeInTheDocument();

    // Empty form: every SPEC message.
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByText('Veuillez sélectionner un client pour le devis.')).toBeInTheDocument();
    expect(
      within(summary).getByText('Veuillez remplir correctement toutes les lignes (titre, quantité > 0, prix >= 0).'),
    ).toBeInTheDocument();
    expect(line(1).getByText('Le titre est requis.')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);

    // Remove the only line: 'at least one line'.
    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne 1' }));
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    expect(within(screen.getByRole('alert')).getByText('Le devis doit contenir au moins une ligne.')).toBeInTheDocument();

    await user.type(documentTitle(), 'Refonte du site');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    expect(screen.getByRole('link', { name: 'Voir la fiche client : Librairie Colette' })).toHaveAttribute('href', '/contacts/3');

    // Line 1 linked to a task: filled from its hourly rate.
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.selectOptions(line(1).getByRole('combobox', { name: 'Tâche liée' }), '9');
    expect(line(1).getByRole('textbox', { name: /Titre/ })).toHaveValue('Maquettes');
    expect(line(1).getByRole('textbox', { name: 'Description' })).toHaveValue('Trois écrans');
    expect(line(1).getByRole('textbox', { name: /Quantité/ })).toHaveValue('1');
    expect(line(1).getByRole('textbox', { name: /Prix unitaire/ })).toHaveValue('55,50');
    // A task without hourly rate gives its cost.
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.selectOptions(line(2).getByRole('combobox', { name: 'Tâche liée' }), '10');
    expect(line(2).getByRole('textbox', { name: /Prix unitaire/ })).toHaveValue('240,00');
    // Clearing the task resets the line.
    await user.selectOptions(line(2).getByRole('combobox', { name: 'Tâche liée' }), '');
    expect(line(2).getByRole('textbox', { name: /Titre/ })).toHaveValue('');
    expect(line(2).getByRole('textbox', { name: /Prix unitaire/ })).toHaveValue('0,00');
    await user.type(line(2).getByRole('textbox', { name: /Titre/ }), 'Hébergement');
    const quantity = line(2).getByRole('textbox', { name: /Quantité/ });
    await user.clear(quantity);
    await user.type(quantity, '3');
    const price = line(2).getByRole('textbox', { name: /Prix unitaire/ });
    // Typed the French way (issue 18), shown formatted once left.
    await user.type(price, '0,1');
    await user.tab();
    expect(price).toHaveValue('0,10');

    // 55.50 + 3 × 0.10 = 55.80 HT; VAT 20 % = 11.16; TTC 66.96.
    expect(totals()).toEqual(['55,80 €', '11,16 €', '66,96 €']);
    // The lines at the document's rate follow it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Taux de TVA par défaut' }), '5.5');
    expect(totals()).toEqual(['55,80 €', '3,07 €', '58,87 €']);

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/42'));
    expect(postBody()).toEqual({
      title: 'Refonte du site',
      description: '',
      client_id: 3,
      status: 'draft',
      priority: 'normale',
      issue_date: today,
      expiration_date: addDays(today, 30),
      tax_rate: 5.5,
      operation_category: 'services',
      // Issue 25: the terms as loaded (the default, 30 days, for a new document).
      payment_terms: 'net',
      payment_days: 30,
      service_date: null,
      service_end_date: null,
      vat_exemption: '',
      legal_notice: 'Mentions par défaut',
      signature_notice: 'Bon pour accord',
      discount_percent: 0,
      discount_amount: 0,
      discount_reason: '',
      line_items: [
        { id: null, title: 'Maquettes', description: 'Trois écrans', quantity: 1, unit_price: 55.5, tax_rate: 5.5, unit: 'C62', discount_percent: 0, discount_amount: 0, vat_exemption: '', task_id: 9 },
        { id: null, title: 'Hébergement', description: '', quantity: 3, unit_price: 0.1, tax_rate: 5.5, unit: 'C62', discount_percent: 0, discount_amount: 0, vat_exemption: '', task_id: null },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0042' })).toBeInTheDocument();
    expect(screen.getByText('Devis créé avec succès !')).toBeInTheDocument();
  });

  it('issues a draft invoice: the status offers draft or sent only, the server status and number replace the local ones, then it is frozen', async () => {
    const issued = record('invoice', { status: 'sent', status_display: 'Envoyée', invoice_number: 'FAC-2025-0001', is_issued: true, balance_due: 186.6 });
    mock.onGet('invoices/7/').replyOnce(200, record('invoice')).onGet('invoices/7/').reply(200, issued);
    mock.onPut('invoices/7/').reply(200, issued);
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture #7' })).toBeInTheDocument();
    expect(screen.getByLabelText('Informations de paiement')).toHaveValue('Signature');
    const status = screen.getByRole('combobox', { name: 'Statut' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Brouillon', 'Envoyée']);
    // No manual 'paid' any more, nor a payment date: payments are recorded on the issued invoice.
    expect(screen.queryByLabelText('Date de paiement')).not.toBeInTheDocument();
    expect(totals()).toEqual(['155,50 €', '31,10 €', '186,60 €']);
    // The linked task keeps its label.
    expect(line(1).getByRole('combobox', { name: 'Tâche liée' })).toHaveValue('9');

    await user.selectOptions(status, 'sent');
    // Asked first, as on every path that issues (issue 28); « Annuler » sends nothing.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const question = await screen.findByRole('alertdialog', { name: 'Émettre la facture ?' });
    expect(question).toHaveTextContent(
      `La facture recevra son numéro définitif, sera datée du ${formatDate(today)} et ne pourra plus être modifiée (art. 242 nonies A du CGI) : une erreur se corrigera par un avoir.`,
    );
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.put).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await confirmIssue(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2025-0001' })).toBeInTheDocument();
    expect(putBody()).toMatchObject({ status: 'sent', payment_date: null, internal_notes: '', due_date: addDays(today, 30), client_id: 3 });
    expect(putBody().line_items.map((l: { id: number }) => l.id)).toEqual([11, 12]);
    // Issued: everything printed is locked, the status is shown and no longer chosen.
    expect(screen.queryByRole('combobox', { name: 'Statut' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Statut' })).getByText('Envoyée')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Client/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Taux de TVA par défaut' })).toBeDisabled();
    expect(line(1).getByRole('combobox', { name: 'TVA' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Paiements et avoirs' })).toBeInTheDocument();
  });

  it('lists what an invoice lacks to be issued, each with a link to fill it in, in a new tab (issue 28)', async () => {
    mock.onGet('invoices/7/').reply(200, record('invoice'));
    mock.onPut('invoices/7/').reply(400, {
      detail: 'La facture ne peut pas être émise : des informations obligatoires manquent.',
      missing: [
        { message: 'Votre numéro SIRET (profil)', link: '/profile' },
        { message: 'L’adresse de Librairie Colette', link: '/contacts/3' },
      ],
    });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'sent');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await confirmIssue(user);
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('La facture ne peut pas être émise : des informations obligatoires manquent.');
    const profileLink = within(summary).getByRole('link', { name: 'Votre numéro SIRET (profil) (nouvel onglet)' });
    expect(profileLink).toHaveAttribute('href', '/profile');
    const contactLink = within(summary).getByRole('link', { name: 'L’adresse de Librairie Colette (nouvel onglet)' });
    expect(contactLink).toHaveAttribute('href', '/contacts/3');
    // The invoice being typed stays in this tab.
    for (const link of [profileLink, contactLink]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    // Said to screen readers only: the visible text is the message.
    expect(within(profileLink).getByText('(nouvel onglet)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Facture #7' })).toBeInTheDocument();
  });

  it('leads from a refused issue to the client’s SIREN field, focused, in a new tab (issues 25, 28)', async () => {
    const message =
      'Renseignez le SIREN du client « Librairie Colette » : une facture à une entreprise établie en France doit le mentionner (art. 242 nonies A du CGI).';
    mock.onGet('invoices/7/').reply(200, record('invoice'));
    mock.onPut('invoices/7/').reply(400, {
      detail: 'La facture ne peut pas être émise : des informations obligatoires manquent.',
      missing: [{ message, link: '/contacts/3#siren' }],
    });
    mock.onGet('contacts/3/').reply(200, {
      id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr', phone: '', company: '', address: '5 rue Haute', city: 'Lyon',
      postal_code: '69002', country: 'France', notes: '', category: 'client', client_type: 'professionnel', siren: '', vat_number: '',
      delivery_address: '', delivery_postal_code: '', delivery_city: '', delivery_country: '', created_at: '2025-01-02T10:00:00.000Z',
    });
    mock.onGet(/contacts\/3\/(tasks|projects|quotes|invoices)\//).reply(200, []);
    const { user, unmount } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'sent');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await confirmIssue(user);
    const link = within(await screen.findByRole('alert')).getByRole('link', { name: `${message} (nouvel onglet)` });
    expect(link).toHaveAttribute('href', '/contacts/3#siren');
    expect(link).toHaveAttribute('target', '_blank');
    unmount();

    // The new tab opens the contact at its SIREN field.
    renderApp({ route: '/contacts/3#siren', preloadedState: signedIn });
    await waitFor(() => expect(document.activeElement).toBe(document.getElementsByName('siren')[0]));
    expect(currentPath()).toBe('/contacts/3');
  });

  it('lists server errors per field after the SPEC heading', async () => {
    mock.onGet('quotes/7/').reply(200, record('quote'));
    mock.onPut('quotes/7/').reply(400, {
      title: ['Ce champ ne peut être vide.'],
      line_items: [{}, { unit_price: ['Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.'] }],
    });
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByText("Une erreur est survenue lors de l'enregistrement du devis :");
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText('Titre : Ce champ ne peut être vide.')).toBeInTheDocument();
    expect(within(box).getByText('Ligne 2 – Prix unitaire HT : Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.')).toBeInTheDocument();

    mock.onPut('quotes/7/').networkError();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Erreur lors de l'enregistrement du devis. Vérifiez les champs et réessayez.")).toBeInTheDocument();
  });

  it("duplicates: 'Dupliquer un devis', 'Copie de', new dates, draft, lines without ids", async () => {
    mock.onGet('quotes/7/').reply(200, record('quote', { status: 'accepted', issue_date: '2025-01-01', expiration_date: '2025-01-31' }));
    mock.onPost('quotes/').reply(201, record('quote', { id: 8 }));
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
    await user.click(screen.getByRole('button', { name: 'Dupliquer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dupliquer un devis' })).toBeInTheDocument();
    expect(currentPath()).toBe('/quotes/new?duplicate_id=7');
    expect(documentTitle()).toHaveValue('Copie de Refonte du site');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('draft');
    expect(screen.getByLabelText(/^Date d'émission/)).toHaveValue(today);
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/8'));
    expect(postBody().line_items.map((l: { id: number | null }) => l.id)).toEqual([null, null]);
    expect(postBody()).toMatchObject({ status: 'draft', issue_date: today, expiration_date: addDays(today, 30) });
  });

  it("falls back to 'Client inconnu' when the client is not in the picker, and reports base data errors", async () => {
    mock.onGet('contacts/').reply(500);
    mock.onGet('quotes/7/').reply(200, record('quote', { client: { id: 99, name: '', email: '' } }));
    renderApp({ route: '/quotes/7', preloadedState: signedIn });
    expect(await screen.findByText('Impossible de charger les données de base (contacts/tâches/profil).')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Client/ })).toHaveValue('99');
    expect(screen.getByRole('link', { name: 'Voir la fiche client : Client inconnu' })).toHaveAttribute('href', '/contacts/99');
  });

  it.each([
    ['invoices/5/', '/invoices/5'],
    ['quotes/5/', '/quotes/5'],
  ])('shows the app\'s 404 page for an unknown id (%s answered 404), staying on its address (issue 28)', async (url, route) => {
    mock.onGet(url).reply(404, { detail: 'Pas trouvé.' });
    renderApp({ route, preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page non trouvée' })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n'existe pas.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    expect(currentPath()).toBe(route);
    expect(screen.queryByText('Impossible de charger la facture.')).toBeNull();
  });

  it('shows the 404 page for an id that is not a number, asking nothing', async () => {
    renderApp({ route: '/invoices/abc', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page non trouvée' })).toBeInTheDocument();
    expect(mock.history.get.filter((request) => request.url?.startsWith('invoices/'))).toEqual([]);
  });

  it('says the record cannot be loaded and goes to the dashboard when the server fails otherwise', async () => {
    mock.onGet('invoices/5/').reply(500);
    // The dashboard it lands on: each section shows its error (a '{}' body is no list and crashed it when it rendered in time).
    mock.onGet(/.*/).reply(503);
    renderApp({ route: '/invoices/5', preloadedState: signedIn });
    expect(await screen.findByText('Impossible de charger la facture.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('deletes after a confirmation saying it is irreversible, then goes to the dashboard', async () => {
    mock.onGet('quotes/7/').reply(200, record('quote'));
    mock.onDelete('quotes/7/').replyOnce(500).onDelete('quotes/7/').reply(204);
    // The dashboard it lands on: each section shows its error (a '{}' body is no list and crashed it when it rendered in time).
    mock.onGet(/.*/).reply(503);
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer ce devis ? Cette action est irréversible.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.delete).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression du devis.')).toBeInTheDocument();
    expect(currentPath()).toBe('/quotes/7');

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('shows a sent quote read-only, as sent, with the banner; its status alone still changes (issue 28)', async () => {
    mock.onGet('quotes/7/').reply(200, record('quote', { status: 'sent', status_display: 'Envoyé', pdf_sha256: 'a'.repeat(64) }));
    mock.onPut('quotes/7/').reply(200, record('quote', { status: 'accepted', status_display: 'Accepté', pdf_sha256: 'a'.repeat(64) }));
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
    expect(screen.getByText(/Devis envoyé : son contenu est figé\. Seul son statut change encore/)).toBeInTheDocument();
    expect(documentTitle()).toBeDisabled();
    expect(line(1).getByRole('textbox', { name: /Titre/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).not.toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'Statut' });
    expect(status).toBeEnabled();
    await user.selectOptions(status, 'accepted');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(putBody().status).toBe('accepted'));
    expect(putBody().title).toBe('Refonte du site');
  });

  it('converts a quote into an invoice and opens it', async () => {
    mock.onGet('quotes/7/').reply(200, record('quote', { status: 'sent', status_display: 'Envoyé' }));
    mock.onPost('quotes/7/convert_to_invoice/').reply(201, { id: 31, invoice: {} });
    mock.onGet('invoices/31/').reply(200, record('invoice', { id: 31, quote_id: 7 }));
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
    await user.click(screen.getByRole('button', { name: 'Convertir en facture' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Convertir' }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture #31' })).toBeInTheDocument();
  });

  it('shows a converted quote as billed, with its invoice instead of the conversion (issue 28)', async () => {
    mock.onGet('quotes/7/').reply(200, record('quote', { status: 'accepted', status_display: 'Accepté', pdf_sha256: 'a'.repeat(64), final_invoice: { id: 31, invoice_number: 'FAC-2025-0031' } }));
    renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
    expect(screen.getByText('Facturé (FAC-2025-0031)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la facture FAC-2025-0031' })).toHaveAttribute('href', '/invoices/31');
    expect(screen.queryByRole('button', { name: 'Convertir en facture' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facture d’acompte' })).not.toBeInTheDocument();
  });

  describe('PDF and e-mail (issue 6)', () => {
    const createObjectURL = jest.fn(() => 'blob:carnet/pdf-1');
    const revokeObjectURL = jest.fn();
    let clicked: { href: string; download: string }[];
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      clicked = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
        clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it("downloads 'devis_{number}.pdf' and 'facture_{id}.pdf'", async () => {
      mock.onGet('quotes/7/').reply(200, record('quote'));
      mock.onGet('quotes/7/generate_pdf/').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
      const { user, unmount } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
      await user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:carnet/pdf-1', download: 'devis_DEV-2025-0007.pdf' }]));
      expect(mock.history.get.find((r) => r.url === 'quotes/7/generate_pdf/')?.responseType).toBe('blob');
      unmount();

      mock.onGet('invoices/7/').reply(200, record('invoice'));
      mock.onGet('invoices/7/generate_pdf/').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
      const second = renderApp({ route: '/invoices/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
      await second.user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
      await waitFor(() => expect(clicked[1]).toEqual({ href: 'blob:carnet/pdf-1', download: 'facture_7.pdf' }));
    });

    it('shows the error read from the blob body', async () => {
      mock.onGet('quotes/7/').reply(200, record('quote'));
      mock.onGet('quotes/7/generate_pdf/').replyOnce(500, new Blob(['{"error":"Le PDF n’a pas pu être généré."}']));
      mock.onGet('quotes/7/generate_pdf/').replyOnce(502, new Blob(['<html>']));
      mock.onGet('quotes/7/generate_pdf/').networkErrorOnce();
      const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
      await user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
      expect(await screen.findByText('Le PDF n’a pas pu être généré.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
      expect(await screen.findByText("Réponse d'erreur inattendue du serveur.")).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
      expect(await screen.findByText('Erreur réseau ou serveur inaccessible.')).toBeInTheDocument();
      expect(clicked).toHaveLength(0);
    });

    it('previews the PDF in the page and frees it when closed', async () => {
      mock.onGet('quotes/7/').reply(200, record('quote'));
      mock.onGet('quotes/7/generate_pdf/').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
      const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
      await user.click(screen.getByRole('button', { name: 'Aperçu PDF' }));
      const frame = await screen.findByTitle('Aperçu du devis DEV-2025-0007');
      expect(frame).toHaveAttribute('src', 'blob:carnet/pdf-1');
      await user.click(screen.getByRole('button', { name: "Fermer l'aperçu" }));
      expect(screen.queryByTitle('Aperçu du devis DEV-2025-0007')).not.toBeInTheDocument();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:carnet/pdf-1');
    });

    it('sends an invoice by e-mail after confirmation; the draft becomes sent with its number', async () => {
      mock
        .onGet('invoices/7/')
        .replyOnce(200, record('invoice'))
        .onGet('invoices/7/')
        .reply(200, record('invoice', { invoice_number: 'FAC-2025-0004', status: 'sent', status_display: 'Envoyée', is_issued: true }));
      mock.onPost('invoices/7/send_email/').reply(200, {
        message: 'La facture a été envoyée par e-mail avec succès !',
        id: 7,
        invoice_number: 'FAC-2025-0004',
        status: 'sent',
        status_display: 'Envoyée',
      });
      mock.onPost(/email-templates\/\w+\/preview\//).reply(200, { subject: 'Objet du modèle', body: 'Bonjour,\n\nTexte du modèle.' });
      const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
      await user.click(screen.getByRole('button', { name: 'Envoyer par E-mail' }));
      const dialog = await screen.findByRole('dialog', { name: 'Envoyer par e-mail' });
      expect(dialog).toHaveTextContent('Librairie Colette (colette@exemple.fr)');
      expect(dialog).toHaveTextContent(
        `La facture recevra son numéro définitif, sera datée d’aujourd’hui (${formatDate(today)}) et ne pourra plus être modifiée.`,
      );
      await user.click(await within(dialog).findByRole('button', { name: 'Envoyer' }));
      expect(await screen.findByText('La facture a été envoyée par e-mail avec succès !')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Facture FAC-2025-0004' })).toBeInTheDocument();
      // Issued: frozen, the status is shown rather than chosen.
      expect(within(screen.getByRole('group', { name: 'Statut' })).getByText('Envoyée')).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Statut' })).not.toBeInTheDocument();
      expect(mock.history.post.map((r) => r.url)).toEqual(['email-templates/invoice/preview/', 'invoices/7/send_email/']);
    });

    it('shows every e-mail failure, 429 included', async () => {
      mock.onGet('quotes/7/').reply(200, record('quote'));
      mock.onPost('quotes/7/send_email/').replyOnce(429, { error: 'Trop d’envois. Veuillez réessayer plus tard.', detail: 'x' });
      mock.onPost('quotes/7/send_email/').replyOnce(400, { error: 'Le client n’a pas d’adresse e-mail.' });
      mock.onPost('quotes/7/send_email/').replyOnce(404, { error: 'Devis introuvable.' });
      mock.onPost('quotes/7/send_email/').replyOnce(403, {});
      mock.onPost('quotes/7/send_email/').networkErrorOnce();
      mock.onPost(/email-templates\/\w+\/preview\//).reply(200, { subject: 'Objet du modèle', body: 'Bonjour,\n\nTexte du modèle.' });
      const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
      const send = async () => {
        await user.click(screen.getByRole('button', { name: 'Envoyer par E-mail' }));
        const dialog = await screen.findByRole('dialog', { name: 'Envoyer par e-mail' });
        await user.click(await within(dialog).findByRole('button', { name: 'Envoyer' }));
      };
      await send();
      expect(await screen.findByText('Trop d’envois. Veuillez réessayer plus tard.')).toBeInTheDocument();
      await send();
      expect(await screen.findByText('Erreur : Le client n’a pas d’adresse e-mail.')).toBeInTheDocument();
      await send();
      expect(await screen.findByText('Devis introuvable. Veuillez recharger la page.')).toBeInTheDocument();
      await send();
      expect(await screen.findByText("Vous n'êtes pas autorisé à envoyer ce devis.")).toBeInTheDocument();
      await send();
      expect(await screen.findByText('Impossible de contacter le serveur. Veuillez vérifier votre connexion.')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('draft');
    });

    it('refuses to send without a client', async () => {
      mock.onGet('quotes/7/').reply(200, record('quote'));
      const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2025-0007' });
      await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '');
      await user.click(screen.getByRole('button', { name: 'Envoyer par E-mail' }));
      expect(await screen.findByText("Associez un client et enregistrez le devis avant de l'envoyer.")).toBeInTheDocument();
      expect(mock.history.post).toHaveLength(0);
    });
  });
});
