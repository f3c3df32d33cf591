import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { Contact } from '@/shared/contracts/contacts';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

const CONTACT: Contact = {
  id: 7,
  name: 'Élise Martin',
  email: 'elise@exemple.fr',
  phone: '06 12 34 56 78',
  company: 'Martin SARL',
  address: '3 rue des Lilas',
  city: 'Nantes',
  postal_code: '44000',
  country: 'BE',
  notes: 'Préfère le téléphone.',
  category: 'partenaire',
  client_type: 'professionnel',
  siren: '732829320',
  vat_number: 'FR44732829320',
  delivery_address: '',
  delivery_postal_code: '',
  delivery_city: '',
  delivery_country: '',
  hourly_rate: 0,
  created_at: '2025-01-02T10:00:00.000Z',
};

const TASK = {
  id: 3,
  title: 'Relancer Élise',
  status: 'en_attente',
  status_display: 'En attente',
  due_date: '2025-12-01',
  contacts: [{ id: 7, name: 'Élise Martin' }],
  project: null,
};

const DELETE_CONFIRM = 'Voulez-vous vraiment supprimer ce contact ? Cette action est irréversible.';

describe('contact form page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, []);
  });
  afterEach(() => mock.restore());

  const bodies = (method: 'post' | 'put') => mock.history[method].map((r) => JSON.parse(r.data));
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));

  function mockRelated({ tasks = [TASK] as unknown[], projects = [] as unknown[], quotes = [] as unknown[], invoices = [] as unknown[] } = {}) {
    mock.onGet('contacts/7/tasks/').reply(200, tasks);
    mock.onGet('contacts/7/projects/').reply(200, projects);
    mock.onGet('contacts/7/quotes/').reply(200, quotes);
    mock.onGet('contacts/7/invoices/').reply(200, invoices);
  }

  async function openEdit() {
    mock.onGet('contacts/7/').reply(200, CONTACT);
    const utils = renderApp({ route: '/contacts/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Modifier le contact' });
    await screen.findByDisplayValue('Élise Martin');
    return utils;
  }

  describe('creation', () => {
    async function openNew() {
      const utils = renderApp({ route: '/contacts/new', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Nouveau contact' });
      return utils;
    }

    it('has every field, France and client by default, and a back link to the dashboard', async () => {
      await openNew();
      for (const label of ['Nom', 'Email', 'Téléphone', 'Entreprise', 'Adresse', 'Ville', 'Code postal', 'Notes']) {
        expect(field(label)).toHaveValue('');
      }
      expect(field('Email')).toHaveAttribute('type', 'email');
      // Issue 25: the value is the ISO code, the option its French name.
      expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveValue('FR');
      expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveDisplayValue('France');
      expect(within(screen.getByRole('combobox', { name: 'Pays' })).getByRole('option', { name: 'Allemagne' })).toHaveValue('DE');
      expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('client');
      expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
      expect(screen.getByText("Veuillez d'abord enregistrer le contact pour ajouter des tâches.")).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    });

    it('requires a name (trimmed) and sends nothing without one', async () => {
      const { user } = await openNew();
      await user.type(field('Nom'), '   ');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Le nom du contact est requis.');
      expect(field('Nom')).toHaveFocus();
      expect(field('Nom')).toHaveAttribute('aria-invalid', 'true');
      expect(mock.history.post).toHaveLength(0);
    });

    it('creates the contact, says so and opens it', async () => {
      mock.onPost('contacts/').reply(201, { ...CONTACT, id: 42, name: 'Zoé Dupont', category: 'prospect' });
      mock.onGet('contacts/42/').reply(200, { ...CONTACT, id: 42, name: 'Zoé Dupont', category: 'prospect' });
      mock.onGet(/contacts\/42\/(tasks|projects|quotes|invoices)\//).reply(200, []);
      const { user } = await openNew();
      await user.type(field('Nom'), ' Zoé Dupont ');
      await user.type(field('Email'), 'zoe@exemple.fr');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Prospect');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      expect(await screen.findByText('Contact créé avec succès !')).toBeInTheDocument();
      await waitFor(() => expect(currentPath()).toBe('/contacts/42'));
      expect(bodies('post')[0]).toEqual({
        name: 'Zoé Dupont',
        email: 'zoe@exemple.fr',
        phone: '',
        company: '',
        address: '',
        city: '',
        postal_code: '',
        country: 'FR',
        notes: '',
        category: 'prospect',
        client_type: 'professionnel',
        siren: '',
        vat_number: '',
        delivery_address: '',
        delivery_postal_code: '',
        delivery_city: '',
        delivery_country: '',
        hourly_rate: 0,
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Modifier le contact' })).toBeInTheDocument();
      expect(await screen.findByRole('form', { name: 'Ajouter une tâche' })).toBeInTheDocument();
    });

    it("shows server field errors as 'Label : message' joined by ' | '", async () => {
      mock.onPost('contacts/').reply(400, {
        email: ['Saisissez une adresse e-mail valide.'],
        postal_code: ['Assurez-vous que ce champ ne contient pas plus de 20 caractères.'],
      });
      const { user } = await openNew();
      await user.type(field('Nom'), 'Zoé');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Email : Saisissez une adresse e-mail valide. | Code postal : Assurez-vous que ce champ ne contient pas plus de 20 caractères.',
      );
      expect(currentPath()).toBe('/contacts/new');
    });

    it('shows the generic save error when the server cannot be reached', async () => {
      mock.onPost('contacts/').networkError();
      const { user } = await openNew();
      await user.type(field('Nom'), 'Zoé');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      expect(await screen.findByRole('alert')).toHaveTextContent("Erreur lors de l'enregistrement du contact. Veuillez réessayer.");
    });
  });

  describe('edition', () => {
    it('loads every field and saves the changes', async () => {
      mockRelated();
      mock.onPut('contacts/7/').reply(200, { ...CONTACT, city: 'Lyon' });
      const { user } = await openEdit();
      expect(field('Email')).toHaveValue('elise@exemple.fr');
      expect(field('Adresse')).toHaveValue('3 rue des Lilas');
      expect(field('Notes')).toHaveValue('Préfère le téléphone.');
      expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveDisplayValue('Belgique');
      expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('partenaire');

      await user.clear(field('Ville'));
      await user.type(field('Ville'), 'Lyon');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText('Contact mis à jour avec succès !')).toBeInTheDocument();
      const { id: _id, created_at: _created, ...fields } = CONTACT;
      expect(bodies('put')).toEqual([{ ...fields, city: 'Lyon' }]);
      expect(currentPath()).toBe('/contacts/7');
    });

    it('goes back to the list when the contact cannot be loaded', async () => {
      mock.onGet('contacts/99/').reply(404, { detail: 'Pas trouvé.' });
      renderApp({ route: '/contacts/99', preloadedState: signedIn });
      expect(await screen.findByText('Impossible de charger le contact.')).toBeInTheDocument();
      await waitFor(() => expect(currentPath()).toBe('/contacts'));
    });

    it('treats an id that is not a number as a load error', async () => {
      renderApp({ route: '/contacts/abc', preloadedState: signedIn });
      expect(await screen.findByText('Impossible de charger le contact.')).toBeInTheDocument();
      await waitFor(() => expect(currentPath()).toBe('/contacts'));
    });

    it('deletes after confirmation and goes to the list', async () => {
      mockRelated();
      mock.onDelete('contacts/7/').reply(204);
      const { user } = await openEdit();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(DELETE_CONFIRM);
      await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      expect(mock.history.delete).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      await waitFor(() => expect(currentPath()).toBe('/contacts'));
      expect(mock.history.delete.map((r) => r.url)).toEqual(['contacts/7/']);
      expect(screen.queryByText('Impossible de charger le contact.')).not.toBeInTheDocument();
    });

    it('says before deleting that its recurring invoices go with it', async () => {
      mockRelated();
      const series = (id: number) => ({ id, title: 'Maintenance', client: { id: 7, name: 'Élise Martin' }, status: 'active' });
      mock.onGet('recurring-invoices/', { params: { client: 7 } }).replyOnce(200, [series(1), series(2)]);
      mock.onGet('recurring-invoices/', { params: { client: 7 } }).replyOnce(200, [series(1)]);
      mock.onDelete('contacts/7/').reply(204);
      const { user } = await openEdit();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(`${DELETE_CONFIRM} Ses 2 factures récurrentes seront supprimées.`);
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      // Asked again at each deletion: one series left.
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(`${DELETE_CONFIRM} Sa facture récurrente sera supprimée.`);
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      await waitFor(() => expect(currentPath()).toBe('/contacts'));
      expect(mock.history.delete.map((r) => r.url)).toEqual(['contacts/7/']);
    });

    it("shows the server's reason when the contact cannot be deleted", async () => {
      mockRelated();
      const detail = 'Ce contact est le client de devis ou de factures : il ne peut pas être supprimé tant que ces documents existent.';
      mock.onDelete('contacts/7/').reply(400, { detail });
      const { user } = await openEdit();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(detail);
      expect(currentPath()).toBe('/contacts/7');
    });

    it('shows the SPEC message when the delete fails without a reason', async () => {
      mockRelated();
      mock.onDelete('contacts/7/').reply(500);
      const { user } = await openEdit();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la suppression du contact.');
    });
  });

  describe('hourly rate (issue 28)', () => {
    const rate = () => screen.getByLabelText('Tarif horaire (€ HT)');

    it('shows the rate in French, says what it is for, and sends the new one in euros', async () => {
      mockRelated();
      mock.onGet('contacts/7/').reply(200, { ...CONTACT, hourly_rate: 45.5 });
      mock.onPut('contacts/7/').reply(200, { ...CONTACT, hourly_rate: 1200.25 });
      const { user } = renderApp({ route: '/contacts/7', preloadedState: signedIn });
      await screen.findByDisplayValue('Élise Martin');
      expect(rate()).toHaveValue('45,50');
      expect(rate()).toHaveAccessibleDescription(expect.stringContaining('Les tâches de ses projets sans tarif propre (ni sur leur projet) sont facturées à ce tarif.'));

      await user.clear(rate());
      await user.type(rate(), '1 200,25');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText('Contact mis à jour avec succès !')).toBeInTheDocument();
      expect(bodies('put')).toHaveLength(1);
      expect(bodies('put')[0]).toMatchObject({ name: 'Élise Martin', hourly_rate: 1200.25 });
      await waitFor(() => expect(rate()).toHaveValue('1\u202f200,25'));
    });

    it('starts empty on a new contact and sends 0 (no rate) when left so', async () => {
      mock.onPost('contacts/').reply(201, { ...CONTACT, id: 42 });
      mock.onGet('contacts/42/').reply(200, { ...CONTACT, id: 42 });
      mock.onGet(/contacts\/42\/(tasks|projects|quotes|invoices)\//).reply(200, []);
      const { user } = renderApp({ route: '/contacts/new', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Nouveau contact' });
      expect(rate()).toHaveValue('');
      await user.type(field('Nom'), 'Zoé');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      await waitFor(() => expect(bodies('post')).toHaveLength(1));
      expect(bodies('post')[0]).toMatchObject({ hourly_rate: 0 });
    });

    it('refuses a negative rate before sending, on the field', async () => {
      mockRelated();
      const { user } = await openEdit();
      await user.type(rate(), '-5');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Tarif horaire : Saisissez un montant positif ou nul (2 décimales au plus).');
      expect(rate()).toHaveAttribute('aria-invalid', 'true');
      expect(rate()).toHaveFocus();
      expect(mock.history.put).toHaveLength(0);
    });

    it("shows the server's message on the rate under its label", async () => {
      mockRelated();
      mock.onPut('contacts/7/').reply(400, { hourly_rate: ['Assurez-vous que cette valeur est inférieure ou égale à 1 000 000 000 €.'] });
      const { user } = await openEdit();
      await user.type(rate(), '2000000000');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Tarif horaire : Assurez-vous que cette valeur est inférieure ou égale à 1 000 000 000 €.',
      );
      expect(bodies('put')[0]).toMatchObject({ hourly_rate: 2000000000 });
    });
  });

  describe('client type, SIREN, VAT number and delivery address', () => {
    async function openNew() {
      const utils = renderApp({ route: '/contacts/new', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Nouveau contact' });
      return utils;
    }
    const deliveryToggle = () => screen.getByRole('button', { name: 'Adresse de livraison (si différente)' });

    it('starts as a professionnel with SIREN and VAT fields, the delivery address collapsed', async () => {
      await openNew();
      const group = screen.getByRole('group', { name: 'Type de client' });
      expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['professionnel', 'particulier']);
      expect(within(group).getByRole('radio', { name: 'Professionnel' })).toBeChecked();
      expect(field('SIREN')).toHaveValue('');
      expect(field('N° TVA intracommunautaire')).toHaveValue('');
      expect(deliveryToggle()).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByLabelText('Adresse de livraison')).not.toBeInTheDocument();
    });

    it('hides SIREN and VAT number for a particulier and sends them empty', async () => {
      mock.onPost('contacts/').reply(201, { ...CONTACT, id: 42 });
      mock.onGet('contacts/42/').reply(200, { ...CONTACT, id: 42 });
      mock.onGet(/contacts\/42\/(tasks|projects|quotes|invoices)\//).reply(200, []);
      const { user } = await openNew();
      await user.type(field('Nom'), 'Léa Petit');
      await user.type(field('SIREN'), '732829320');
      await user.click(screen.getByRole('radio', { name: 'Particulier' }));
      expect(screen.queryByLabelText(/^SIREN/)).not.toBeInTheDocument();
      expect(screen.queryByLabelText(/^N° TVA/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      await waitFor(() => expect(bodies('post')).toHaveLength(1));
      expect(bodies('post')[0]).toMatchObject({ name: 'Léa Petit', client_type: 'particulier', siren: '', vat_number: '' });
      // Back to professionnel: the fields come back.
      await user.click(screen.getByRole('radio', { name: 'Professionnel' }));
      expect(field('SIREN')).toBeInTheDocument();
    });

    it('checks SIREN and VAT number with the server’s messages before sending', async () => {
      const { user } = await openNew();
      await user.type(field('Nom'), 'Dupuis SARL');
      await user.type(field('SIREN'), '732 829 321');
      await user.type(field('N° TVA intracommunautaire'), 'FR00732829320');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      const sirenMessage = 'Saisissez un SIREN de 9 chiffres (ou un SIRET de 14 chiffres) valide.';
      const vatMessage = 'La clé de ce numéro de TVA ne correspond pas au SIREN.';
      expect(await screen.findByRole('alert')).toHaveTextContent(`SIREN : ${sirenMessage} | N° TVA intracommunautaire : ${vatMessage}`);
      expect(field('SIREN')).toHaveAttribute('aria-invalid', 'true');
      expect(field('SIREN')).toHaveAccessibleDescription(expect.stringContaining(sirenMessage));
      expect(field('SIREN')).toHaveFocus();
      expect(field('N° TVA intracommunautaire')).toHaveAccessibleDescription(expect.stringContaining(vatMessage));
      expect(mock.history.post).toHaveLength(0);

      // A French VAT number must carry the SIREN.
      await user.clear(field('SIREN'));
      await user.type(field('SIREN'), '443 061 841');
      expect(field('SIREN')).not.toHaveAttribute('aria-invalid');
      await user.clear(field('N° TVA intracommunautaire'));
      await user.type(field('N° TVA intracommunautaire'), 'FR44 732829320');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'N° TVA intracommunautaire : Ce numéro de TVA ne correspond pas au SIREN du client.',
      );
      expect(mock.history.post).toHaveLength(0);
    });

    it('sends a SIRET as its SIREN, the VAT number compact, and a delivery address', async () => {
      mock.onPost('contacts/').reply(201, { ...CONTACT, id: 42 });
      mock.onGet('contacts/42/').reply(200, { ...CONTACT, id: 42 });
      mock.onGet(/contacts\/42\/(tasks|projects|quotes|invoices)\//).reply(200, []);
      const { user } = await openNew();
      await user.type(field('Nom'), 'Dupuis SARL');
      await user.type(field('SIREN'), '732 829 320 00074');
      await user.type(field('N° TVA intracommunautaire'), 'fr44 732 829 320');
      await user.click(deliveryToggle());
      expect(deliveryToggle()).toHaveAttribute('aria-expanded', 'true');
      await user.type(field('Adresse de livraison'), '12 quai des Chartrons');
      await user.type(field('Code postal de livraison'), '33000');
      await user.type(field('Ville de livraison'), 'Bordeaux');
      expect(screen.getByRole('combobox', { name: 'Pays de livraison' })).toHaveValue('');
      await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
      await waitFor(() => expect(bodies('post')).toHaveLength(1));
      expect(bodies('post')[0]).toMatchObject({
        client_type: 'professionnel',
        siren: '732829320',
        vat_number: 'FR44732829320',
        delivery_address: '12 quai des Chartrons',
        delivery_postal_code: '33000',
        delivery_city: 'Bordeaux',
        delivery_country: '',
      });
    });

    it('shows a loaded SIREN grouped, the VAT number and an existing delivery address opened', async () => {
      mockRelated({ tasks: [] });
      mock.onGet('contacts/7/').reply(200, { ...CONTACT, delivery_address: '12 quai des Chartrons', delivery_city: 'Bordeaux', delivery_country: 'ES' });
      const { user } = renderApp({ route: '/contacts/7', preloadedState: signedIn });
      expect(await screen.findByDisplayValue('732 829 320')).toBe(field('SIREN'));
      expect(field('N° TVA intracommunautaire')).toHaveValue('FR44732829320');
      await waitFor(() => expect(deliveryToggle()).toHaveAttribute('aria-expanded', 'true'));
      expect(field('Adresse de livraison')).toHaveValue('12 quai des Chartrons');
      expect(screen.getByRole('combobox', { name: 'Pays de livraison' })).toHaveValue('ES');
      expect(screen.getByRole('combobox', { name: 'Pays de livraison' })).toHaveDisplayValue('Espagne');
      // The user may still fold it away.
      await user.click(deliveryToggle());
      expect(screen.queryByLabelText('Adresse de livraison')).not.toBeInTheDocument();
    });

    it('shows a server error under its field', async () => {
      mockRelated({ tasks: [] });
      mock.onPut('contacts/7/').reply(400, { siren: ['Un client particulier n’a pas de SIREN.'] });
      const { user } = await openEdit();
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('SIREN : Un client particulier n’a pas de SIREN.');
      expect(field('SIREN')).toHaveAccessibleDescription(expect.stringContaining('Un client particulier n’a pas de SIREN.'));
    });
  });

  describe('countries (issue 25)', () => {
    it('shows a country the upgrade could not read as none chosen, never France, and sends the code chosen', async () => {
      mockRelated({ tasks: [] });
      mock.onGet('contacts/7/').reply(200, { ...CONTACT, country: '' });
      mock.onPut('contacts/7/').reply((config) => [200, { ...CONTACT, ...JSON.parse(config.data as string) }]);
      const { user } = renderApp({ route: '/contacts/7', preloadedState: signedIn });
      await screen.findByDisplayValue('Élise Martin');
      const country = screen.getByRole('combobox', { name: 'Pays' });
      expect(country).toHaveValue('');
      expect(country).toHaveDisplayValue('— Choisissez un pays —');
      await user.selectOptions(country, 'Allemagne');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await waitFor(() => expect(bodies('put')).toHaveLength(1));
      expect(bodies('put')[0]).toMatchObject({ country: 'DE' });
    });

    it('shows the API’s refusal of a country under the field', async () => {
      mockRelated({ tasks: [] });
      mock.onPut('contacts/7/').reply(400, { country: ['Choisissez le pays dans la liste.'] });
      const { user } = await openEdit();
      expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveDisplayValue('Belgique');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Pays : Choisissez le pays dans la liste.');
      expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveAccessibleDescription(expect.stringContaining('Choisissez le pays dans la liste.'));
    });
  });

  describe('side panel', () => {
    it('lists tasks, projects, quotes and invoices with links', async () => {
      mockRelated({
        projects: [{ id: 5, name: 'Site vitrine', status: 'en_cours', status_display: 'En cours', due_date: null, contacts: [] }],
        quotes: [{ id: 8, title: 'Devis site', quote_number: 'DEV-2025-0001', status: 'sent', status_display: 'Envoyé', total_amount: 1200, issue_date: '2025-01-01' }],
        invoices: [{ id: 9, title: 'Facture site', invoice_number: null, status: 'draft', status_display: 'Brouillon', total_amount: 0, issue_date: '2025-01-01' }],
      });
      await openEdit();
      const panel = screen.getByRole('complementary', { name: 'Éléments associés' });
      expect(await within(panel).findByRole('link', { name: 'Relancer Élise' })).toHaveAttribute('href', '/tasks/3');
      expect(within(panel).getByRole('link', { name: 'Site vitrine' })).toHaveAttribute('href', '/projects/5');
      expect(within(panel).getByRole('link', { name: 'Devis site' })).toHaveAttribute('href', '/quotes/8');
      expect(within(panel).getByRole('link', { name: 'Facture site' })).toHaveAttribute('href', '/invoices/9');
      expect(within(panel).getByText('DEV-2025-0001')).toBeInTheDocument();
      expect(within(panel).getByText('#9')).toBeInTheDocument();
      expect(mock.history.get.find((r) => r.url === 'contacts/7/tasks/')?.params).toEqual({ exclude_status: 'termine' });
    });

    it('says when a list is empty', async () => {
      mockRelated({ tasks: [] });
      await openEdit();
      expect(await screen.findByText('Aucune tâche en cours.')).toBeInTheDocument();
      expect(await screen.findByText('Aucun projet associé.')).toBeInTheDocument();
      expect(screen.getByText('Aucun devis associé.')).toBeInTheDocument();
      expect(screen.getByText('Aucune facture associée.')).toBeInTheDocument();
    });

    it('adds a task (title required, en_attente by default) and refreshes the list', async () => {
      mockRelated({ tasks: [] });
      mock.onPost('tasks/').reply(201, { ...TASK, id: 4, title: 'Envoyer le devis' });
      const { user } = await openEdit();
      const form = await screen.findByRole('form', { name: 'Ajouter une tâche' });
      const status = within(form).getByRole('combobox', { name: 'Statut' });
      expect(status).toHaveValue('en_attente');
      expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Brouillon', 'En attente', 'En cours']);

      await user.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('Le titre de la tâche est requis.');
      expect(mock.history.post).toHaveLength(0);

      mock.onGet('contacts/7/tasks/').reply(200, [{ ...TASK, id: 4, title: 'Envoyer le devis' }]);
      await user.type(within(form).getByLabelText(/^Titre de la tâche/), 'Envoyer le devis');
      await user.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
      expect(await screen.findByRole('link', { name: 'Envoyer le devis' })).toHaveAttribute('href', '/tasks/4');
      expect(bodies('post')).toEqual([{ title: 'Envoyer le devis', due_date: null, status: 'en_attente', contact_ids: [7] }]);
      expect(within(form).getByLabelText(/^Titre de la tâche/)).toHaveValue('');
    });

    it('sends the chosen due date and status', async () => {
      mockRelated({ tasks: [] });
      mock.onPost('tasks/').reply(201, TASK);
      const { user } = await openEdit();
      const form = await screen.findByRole('form', { name: 'Ajouter une tâche' });
      await user.type(within(form).getByLabelText(/^Titre de la tâche/), 'Appeler');
      await user.type(within(form).getByLabelText('Date limite'), '2025-12-24');
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Statut' }), 'En cours');
      await user.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
      await waitFor(() => expect(bodies('post')).toEqual([{ title: 'Appeler', due_date: '2025-12-24', status: 'en_cours', contact_ids: [7] }]));
    });

    it('shows the SPEC message when the task cannot be added', async () => {
      mockRelated({ tasks: [] });
      mock.onPost('tasks/').reply(500);
      const { user } = await openEdit();
      const form = await screen.findByRole('form', { name: 'Ajouter une tâche' });
      await user.type(within(form).getByLabelText(/^Titre de la tâche/), 'Appeler');
      await user.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent("Erreur lors de l'ajout de la tâche.");
    });

    it('deletes a task after confirmation', async () => {
      mockRelated();
      mock.onDelete('tasks/3/').reply(204);
      const { user } = await openEdit();
      await user.click(await screen.findByRole('button', { name: 'Supprimer la tâche Relancer Élise' }));
      expect(screen.getByRole('alertdialog')).toHaveTextContent('Supprimer cette tâche ?');
      mock.onGet('contacts/7/tasks/').reply(200, []);
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByText('Aucune tâche en cours.')).toBeInTheDocument();
      expect(mock.history.delete.map((r) => r.url)).toEqual(['tasks/3/']);
    });

    it('shows the SPEC message when the task cannot be deleted', async () => {
      mockRelated();
      mock.onDelete('tasks/3/').reply(500);
      const { user } = await openEdit();
      await user.click(await screen.findByRole('button', { name: 'Supprimer la tâche Relancer Élise' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la suppression de la tâche.');
      expect(screen.getByRole('link', { name: 'Relancer Élise' })).toBeInTheDocument();
    });
  });
});
