import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { formatMoney } from '@/client/lib/format';
import { currentPath, mockHttp, renderWithProviders, signedIn } from '@/client/test/render';
import { GlobalSearch } from '../global-search';
import type { GlobalSearchResults } from '../search.api';

const RESULTS: GlobalSearchResults = {
  contacts: [{ id: 3, name: 'École Saint-Exupéry', email: 'direction@ecole-stex.fr', company: 'Académie' }],
  projects: [{ id: 7, name: 'Fête de l’école', status: 'en_cours', status_display: 'En cours' }],
  tasks: [
    { id: 11, title: 'Affiches ÉCOLE', status: 'en_attente', status_display: 'En attente', project_name: 'Fête de l’école' },
    { id: 12, title: 'Banderole école', status: 'brouillon', status_display: 'Brouillon', project_name: null },
  ],
  quotes: [
    {
      id: 21,
      title: 'Sortie scolaire',
      quote_number: 'DEV-2026-0004',
      client: { id: 3, name: 'École Saint-Exupéry' },
      client_name: 'École Saint-Exupéry',
      total_amount: 1540.5,
      status: 'sent',
      status_display: 'Envoyé',
    },
  ],
  invoices: [
    {
      id: 31,
      title: 'Acompte école',
      invoice_number: null,
      client: { id: 3, name: 'École Saint-Exupéry' },
      client_name: 'École Saint-Exupéry',
      total_amount: 300,
      status: 'draft',
      status_display: 'Brouillon',
    },
  ],
  credit_notes: [
    {
      id: 41,
      title: 'Avoir sur la facture FAC-2026-0002',
      credit_note_number: 'AV-2026-0001',
      client: { id: 3, name: 'École Saint-Exupéry' },
      client_name: 'École Saint-Exupéry',
      total_amount: -120,
      status: 'issued',
      status_display: 'Émis',
    },
  ],
};

const EMPTY: GlobalSearchResults = { contacts: [], projects: [], tasks: [], quotes: [], invoices: [], credit_notes: [] };

describe('global search (SPEC 2 "Global search", SPEC 9 timings)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    jest.useFakeTimers();
    mock = mockHttp();
  });
  afterEach(() => {
    mock.restore();
    jest.useRealTimers();
  });

  function open() {
    const utils = renderWithProviders(<GlobalSearch />, { route: '/contacts', preloadedState: signedIn });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const input = screen.getByRole('combobox', { name: 'Recherche globale' });
    return { ...utils, user, input };
  }

  const searches = () => mock.history.get.filter((r) => r.url === 'search/global').map((r) => r.params.q);
  const status = () => screen.getByRole('status');
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('opens on focus and waits for 2 characters before searching', async () => {
    const { user, input } = open();
    expect(screen.getByTestId('global-search-popup')).not.toBeVisible();
    await user.click(input);
    expect(screen.getByTestId('global-search-popup')).toBeVisible();
    await user.type(input, 'é');
    advance(1000);
    expect(status()).toHaveTextContent('Saisissez au moins 2 caractères.');
    expect(searches()).toEqual([]);
  });

  it('debounces typing by 300 ms, shows "Recherche..." meanwhile, then one request for the final term', async () => {
    mock.onGet('search/global').reply(200, RESULTS);
    const { user, input } = open();
    await user.type(input, 'ecole');
    expect(status()).toHaveTextContent('Recherche...');
    advance(299);
    expect(searches()).toEqual([]);
    advance(1);
    expect(await screen.findByRole('listbox', { name: 'Résultats de la recherche' })).toBeInTheDocument();
    expect(searches()).toEqual(['ecole']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('groups results under Contacts, Projets, Tâches, Devis, Factures, Avoirs with the SPEC row contents', async () => {
    mock.onGet('search/global').reply(200, RESULTS);
    const { user, input } = open();
    await user.type(input, 'ecole');
    advance(300);
    const listbox = await screen.findByRole('listbox');
    const groups = within(listbox).getAllByRole('group');
    const groupNames = ['Contacts', 'Projets', 'Tâches', 'Devis', 'Factures', 'Avoirs'];
    groupNames.forEach((name, index) => expect(within(listbox).getByRole('group', { name })).toBe(groups[index]));
    expect(groups).toHaveLength(groupNames.length);
    expect(within(groups[2]).getAllByRole('option')).toHaveLength(2);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'École Saint-Exupérydirection@ecole-stex.fr',
      'Fête de l’écoleEn cours',
      'Affiches ÉCOLEFête de l’école - En attente',
      'Banderole écoleBrouillon',
      `Sortie scolaireDEV-2026-0004 · École Saint-Exupéry · Envoyé${formatMoney(1540.5)}`,
      // A draft invoice has no number yet: its id stands in.
      `Acompte école#31 · École Saint-Exupéry · Brouillon${formatMoney(300)}`,
      // A credit note takes money back: its amount is negative.
      `Avoir sur la facture FAC-2026-0002AV-2026-0001 · École Saint-Exupéry · Émis${formatMoney(-120)}`,
    ]);
    expect(status()).toHaveTextContent('7 résultats');
  });

  it('says so when nothing matches', async () => {
    mock.onGet('search/global').reply(200, EMPTY);
    const { user, input } = open();
    await user.type(input, '  zzz ');
    advance(300);
    expect(await screen.findByText('Aucun résultat pour "zzz"')).toBeVisible();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('clears the results when a search fails', async () => {
    mock.onGet('search/global', { params: { q: 'ecole' } }).reply(200, RESULTS);
    mock.onGet('search/global', { params: { q: 'ecoles' } }).reply(500, { detail: 'Erreur serveur' });
    const { user, input } = open();
    await user.type(input, 'ecole');
    advance(300);
    expect(await screen.findAllByRole('option')).toHaveLength(7);
    await user.type(input, 's');
    advance(300);
    expect(await screen.findByText('Aucun résultat pour "ecoles"')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(searches()).toEqual(['ecole', 'ecoles']);
  });

  it('moves through the results with the arrows and opens the active one with Enter', async () => {
    mock.onGet('search/global').reply(200, RESULTS);
    const { user, input } = open();
    await user.type(input, 'ecole');
    advance(300);
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps around to the last result.
    expect(input).toHaveAttribute('aria-activedescendant', options[6].id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(currentPath()).toBe('/projects/7');
    expect(screen.getByTestId('global-search-popup')).not.toBeVisible();
    expect(input).toHaveValue('');
  });

  it.each([
    ['École Saint-Exupéry', '/contacts/3'],
    ['Affiches ÉCOLE', '/tasks/11'],
    ['Sortie scolaire', '/quotes/21'],
    ['Acompte école', '/invoices/31'],
    ['Avoir sur la facture', '/credit-notes/41'],
  ])('opens %s at %s on click', async (title, path) => {
    mock.onGet('search/global').reply(200, RESULTS);
    const { user, input } = open();
    await user.type(input, 'ecole');
    advance(300);
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${title}`) }));
    expect(currentPath()).toBe(path);
  });

  it('closes with Escape, and 150 ms after the field loses focus', async () => {
    mock.onGet('search/global').reply(200, RESULTS);
    const { user, input } = open();
    await user.type(input, 'ecole');
    advance(300);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('ecole');

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    act(() => input.blur());
    advance(149);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
