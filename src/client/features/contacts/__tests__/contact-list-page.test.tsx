import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { ContactCategory } from '@/shared/contacts';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { pagedReply, pageRequests, type PagedListRules } from '@/client/test/paged-list';
import { mockHttp, renderApp, signedIn, type RenderAppOptions } from '@/client/test/render';
import { FakeIntersectionObserver, installFakeIntersectionObserver } from '@/client/test/fake-intersection-observer';

const CATEGORIES: ContactCategory[] = ['client', 'partenaire', 'prospect'];

/** 120 contacts: 'Contact 001'…, every third a prospect; the e-mails say the id. */
const CONTACTS: ContactListItem[] = Array.from({ length: 120 }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  return {
    id: i + 1,
    name: `Contact ${n}`,
    email: `personne${n}@exemple.fr`,
    phone: i === 0 ? '+33 6 12 34 56 78' : '',
    company: i === 0 ? 'Crème & Cie' : '',
    category: CATEGORIES[i % 3],
    // Every seventh a particulier: 7, 14, … 119 (17 of them).
    client_type: (i + 1) % 7 === 0 ? 'particulier' : 'professionnel',
  };
});

/** The server's paging of contacts/ (issue 29): search in name, e-mail, company; by name unless asked. */
const CONTACT_RULES: PagedListRules<ContactListItem> = {
  searchText: (c) => [c.name, c.email, c.company],
  filters: { category: (c) => c.category, client_type: (c) => c.client_type },
  orderings: { name: (c) => c.name, email: (c) => c.email, company: (c) => c.company },
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstNames = (count = 3) => bodyRows().slice(0, count).map((row) => within(row).getByRole('link').textContent);
/** Types into the search box in one input event (the filtering, not the keyboard, is under test). */
async function search(user: ReturnType<typeof renderApp>['user'], text: string) {
  await user.click(screen.getByRole('searchbox', { name: 'Rechercher' }));
  await user.paste(text);
}

// Lists of 120-300 rows re-render on every step, with the store's dev checks walking the state:
// under CI's two CPU burners a step of the 300-row test took several seconds (it timed out at 20 s).
jest.setTimeout(60_000);

describe('contact list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  async function openList(contacts = CONTACTS, userOptions?: RenderAppOptions['userOptions']) {
    mock.onGet('contacts/').reply((config) => pagedReply(contacts, config, CONTACT_RULES));
    const utils = renderApp({ route: '/contacts', preloadedState: signedIn, userOptions });
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    if (contacts.length) await screen.findByRole('table');
    return utils;
  }

  it('shows the SPEC columns, links names to the form and offers "+ Ajouter"', async () => {
    await openList();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nom', 'Email', 'Téléphone', 'Catégorie', 'Entreprise']);
    expect(screen.getByRole('link', { name: 'Contact 001' })).toHaveAttribute('href', '/contacts/1');
    expect(screen.getByRole('link', { name: '+ Ajouter' })).toHaveAttribute('href', '/contacts/new');
    expect(within(bodyRows()[0]).getByText('Client')).toBeInTheDocument();
  });

  it('paginates by 50 with "Page X sur Y" and previous / next, one server page each, asked with the last cursor (issue 29)', async () => {
    const { user } = await openList();
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('Page 1 sur 3')).toBeInTheDocument();
    expect(screen.getByText('120 contacts')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'contacts/')).toEqual([{ page_size: 50 }]);
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Page 2 sur 3')).toBeInTheDocument();
    await waitFor(() => expect(firstNames(1)).toEqual(['Contact 051']));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    expect(pageRequests(mock.history.get, 'contacts/')).toEqual([{ page_size: 50 }, { page_size: 50, cursor: 'o50' }, { page_size: 50, cursor: 'o100' }]);
    // Pages already read are not asked for again.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
    expect(firstNames(1)).toEqual(['Contact 051']);
    expect(pageRequests(mock.history.get, 'contacts/')).toHaveLength(3);
    // The whole list is never asked for.
    expect(mock.history.get.filter((r) => r.url === 'contacts/' && r.params?.page_size === undefined)).toEqual([]);
  });

  it('asks for the next page as the reader nears the end of the last one read, so « Suivant » shows it at once (issue 29)', async () => {
    const restore = installFakeIntersectionObserver();
    try {
      const { user } = await openList();
      expect(pageRequests(mock.history.get, 'contacts/')).toHaveLength(1);
      FakeIntersectionObserver.scrollToEnd();
      await waitFor(() => expect(pageRequests(mock.history.get, 'contacts/')).toEqual([{ page_size: 50 }, { page_size: 50, cursor: 'o50' }]));
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
      expect(screen.getByText('Page 2 sur 3')).toBeInTheDocument();
      expect(firstNames(1)).toEqual(['Contact 051']);
    } finally {
      restore();
    }
  });

  it('searches on the server and goes back to page 1', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Page 2 sur 3');
    await search(user, 'PERSONNE11');
    await waitFor(() => expect(bodyRows()).toHaveLength(10)); // personne110 … personne119
    expect(screen.getByText('Page 1 sur 1')).toBeInTheDocument();
    expect(screen.getByText('10 contacts')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'contacts/').at(-1)).toEqual({ page_size: 50, search: 'PERSONNE11' });

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await search(user, 'contact 007');
    await waitFor(() => expect(firstNames()).toEqual(['Contact 007']));
  });

  it('asks the server once typing pauses, and refills the reused rows with the matches: links and copy buttons follow their contact', async () => {
    const { user } = await openList();
    // Keystroke by keystroke: one request for the word typed, not one per keystroke.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'personne11');
    expect(await screen.findByText('10 contacts')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'contacts/').map((params) => params.search)).toEqual([undefined, 'personne11']);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    rows.forEach((row, i) => {
      const id = 110 + i;
      expect(within(row).getByRole('link')).toHaveAttribute('href', `/contacts/${id}`);
      expect(within(row).getByRole('link')).toHaveTextContent(`Contact ${id}`);
      expect(within(row).getByRole('button', { name: `Copier l'email personne${id}@exemple.fr` })).toBeInTheDocument();
    });
    await user.click(within(rows[3]).getByRole('button', { name: /^Copier l'email/ }));
    expect(await navigator.clipboard.readText()).toBe('personne113@exemple.fr');
  });

  it('goes back to page 1 even when the new result still has several pages', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ ...CONTACTS[0], id: i + 1, name: `Nom ${i + 1}`, email: `n${i + 1}@x.fr`, category: CATEGORIES[i % 3] }));
    const { user } = await openList(many);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Page 2 sur 6');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Page 3 sur 6')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Prospect');
    expect(await screen.findByText('Page 1 sur 2')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'contacts/').at(-1)).toEqual({ page_size: 50, category: 'prospect' });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('Page 2 sur 2');
    await search(user, 'nom');
    await waitFor(() => expect(screen.getByText('Page 1 sur 2')).toBeInTheDocument());
  });

  it('filters by category and goes back to page 1', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Prospect');
    expect(await screen.findByText('Page 1 sur 1')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(40));
    expect(bodyRows().every((row) => within(row).queryByText('Prospect'))).toBe(true);
    expect(within(screen.getByRole('combobox', { name: 'Catégorie' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Toutes les catégories',
      'Client',
      'Partenaire',
      'Prospect',
    ]);
  });

  it('marks particuliers and filters by type of client, back on page 1', async () => {
    const { user } = await openList();
    expect(within(bodyRows()[6]).getByText('Particulier')).toBeInTheDocument();
    expect(within(bodyRows()[0]).queryByText('Particulier')).not.toBeInTheDocument();
    const typeFilter = screen.getByRole('combobox', { name: 'Type de client' });
    expect(within(typeFilter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous les types', 'Professionnel', 'Particulier']);

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.selectOptions(typeFilter, 'Particulier');
    expect(await screen.findByText('17 contacts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 sur 1')).toBeInTheDocument();
    expect(firstNames()).toEqual(['Contact 007', 'Contact 014', 'Contact 021']);
    expect(bodyRows().every((row) => within(row).queryByText('Particulier'))).toBe(true);
    // Combined with the category: 7, 28, 49… are clients (every third from 1).
    await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Client');
    expect(await screen.findByText('6 contacts')).toBeInTheDocument();
    await user.selectOptions(typeFilter, 'Professionnel');
    expect(await screen.findByText('34 contacts')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'contacts/').at(-1)).toEqual({ page_size: 50, category: 'client', client_type: 'professionnel' });
  });

  it('says so when nothing matches the search', async () => {
    const { user } = await openList();
    await search(user, 'introuvable');
    expect(await screen.findByText('Aucun contact ne correspond à votre recherche.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts ascending on the first click and descending on the second, with an arrow', async () => {
    const { user } = await openList();
    const nameHeader = () => screen.getByRole('columnheader', { name: /Nom/ });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(within(nameHeader()).getByTestId('sort-arrow-asc')).toBeInTheDocument();
    expect(firstNames()).toEqual(['Contact 001', 'Contact 002', 'Contact 003']);
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(within(nameHeader()).getByTestId('sort-arrow-desc')).toBeInTheDocument();
    // The server sorts the whole list before cutting pages.
    await waitFor(() => expect(firstNames()).toEqual(['Contact 120', 'Contact 119', 'Contact 118']));
    expect(pageRequests(mock.history.get, 'contacts/').map((params) => params.ordering)).toEqual([undefined, 'name', '-name']);
    // The server has no sort by phone or category: those headers do not sort.
    expect(within(screen.getByRole('columnheader', { name: 'Téléphone' })).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('columnheader', { name: 'Catégorie' })).queryByRole('button')).toBeNull();
  });

  it('shows the SPEC message when there is no contact', async () => {
    await openList([]);
    expect(await screen.findByText('Aucun contact enregistré.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter CSV' })).toBeDisabled();
  });

  it('shows no « 0 contact » beside the loading error, and the count once a retry loads (issue 28)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mock.onGet('contacts/').replyOnce(500);
    const { user } = renderApp({ route: '/contacts', preloadedState: signedIn });
    expect(await screen.findByText(/Impossible de charger les contacts\./)).toBeInTheDocument();
    expect(screen.queryByText(/^0 contact/)).toBeNull();
    mock.onGet('contacts/').reply((config) => pagedReply(CONTACTS.slice(0, 2), config, CONTACT_RULES));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('2 contacts')).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('opens a contact from the list with a back link to the list; opened directly, to the dashboard (issue 28)', async () => {
    mock.onGet(/contacts\/1\/(tasks|projects|quotes|invoices)\//).reply(200, []);
    mock.onGet('contacts/1/').reply(200, {
      ...CONTACTS[0], address: '', city: '', postal_code: '', country: 'FR', notes: '', siren: '', vat_number: '',
      delivery_address: '', delivery_postal_code: '', delivery_city: '', delivery_country: '', created_at: '2026-01-01T00:00:00Z',
    });
    const { user } = await openList();
    await user.click(screen.getByRole('link', { name: 'Contact 001' }));
    await screen.findByRole('heading', { level: 1, name: 'Modifier le contact' });
    const back = screen.getByRole('link', { name: 'Retour aux contacts' });
    expect(back).toHaveAttribute('href', '/contacts');
    expect(screen.queryByRole('link', { name: 'Retour au tableau de bord' })).toBeNull();
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
  });

  it('copies an e-mail or a phone number to the clipboard with visible feedback', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Copier l\'email personne001@exemple.fr' }));
    expect(await navigator.clipboard.readText()).toBe('personne001@exemple.fr');
    expect(await screen.findByText('« personne001@exemple.fr » copié dans le presse-papiers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copier le téléphone +33 6 12 34 56 78' }));
    expect(await navigator.clipboard.readText()).toBe('+33 6 12 34 56 78');
  });

  describe('CSV export', () => {
    let created: Blob[];
    let downloads: string[];
    beforeEach(() => {
      created = [];
      downloads = [];
      URL.createObjectURL = jest.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:contacts';
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('downloads the filtered list as contacts.csv with a BOM, the SPEC header and every other field the import accepts', async () => {
      const { user } = await openList();
      const empty = { address: '', postal_code: '', city: '', country: 'FR', notes: '', siren: '', vat_number: '', delivery_address: '', delivery_postal_code: '', delivery_city: '', delivery_country: '', hourly_rate: 0 };
      mock.onGet('contacts/export-details/').reply(200, [
        { ...empty, id: 1, address: '5 rue Sainte-Catherine', postal_code: '33000', city: 'Bordeaux', notes: 'Client fidèle' },
        { ...empty, id: 4, siren: '732829320', vat_number: 'FR44732829320', delivery_address: '12 quai des Chartrons', delivery_postal_code: '33300', delivery_city: 'Bordeaux', delivery_country: 'FR', hourly_rate: 65.5 },
        { ...empty, id: 5, siren: '443061841' },
        { ...empty, id: 7, country: 'BE' },
      ]);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Catégorie' }), 'Client');
      await search(user, 'contact 00');
      await waitFor(() => expect(bodyRows()).toHaveLength(3));
      await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
      await waitFor(() => expect(downloads).toEqual(['contacts.csv']));
      const text = await readBlob(created[0]);
      expect(text.split('\r\n')).toEqual([
        'Nom;Email;Téléphone;Catégorie;Entreprise;Type;SIREN;N° TVA;Adresse;Code postal;Ville;Pays;Notes;' +
          'Adresse de livraison;Code postal de livraison;Ville de livraison;Pays de livraison;Tarif horaire',
        "Contact 001;personne001@exemple.fr;\"'+33 6 12 34 56 78\";Client;Crème & Cie;Professionnel;;;5 rue Sainte-Catherine;33000;Bordeaux;FR;Client fidèle;;;;;",
        'Contact 004;personne004@exemple.fr;;Client;;Professionnel;732 829 320;FR44732829320;;;;FR;;12 quai des Chartrons;33300;Bordeaux;FR;65,50',
        'Contact 007;personne007@exemple.fr;;Client;;Particulier;;;;;;BE;;;;;;',
      ]);
      const bytes = new Uint8Array(await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(created[0]);
      }));
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    });

    it('says so and downloads nothing when the export details cannot be read', async () => {
      const { user } = await openList();
      mock.onGet('contacts/export-details/').reply(500);
      await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
      expect(await screen.findByText("Impossible de préparer l'export CSV. Veuillez réessayer.")).toBeInTheDocument();
      expect(downloads).toEqual([]);
    });
  });
});
