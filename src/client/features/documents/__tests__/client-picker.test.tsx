import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { pagedReply, pageRequests } from '@/client/test/paged-list';
import { documentJson } from './document-json';

/**
 * Issue 29: the quote and invoice « Client » picker asks the server for the first 20 contacts by
 * name and searches as typed (one request once typing pauses), never the whole list; the client
 * chosen, or the record's own, stays shown whatever the search lists. Full app, real store, a fake
 * paged server.
 */

jest.setTimeout(30_000);

const contact = (id: number, name: string, email: string, company = '') => ({ id, name, email, phone: '', company, category: 'client' });
// 30 contacts: « Zoé Vautrin » (the quote's client) comes after the first 20 by name.
const CONTACTS = [
  contact(3, 'Librairie Colette', 'colette@exemple.fr', 'Colette SARL'),
  contact(4, 'Zoé Vautrin', 'zoe@exemple.fr'),
  ...Array.from({ length: 28 }, (_, i) => contact(100 + i, `Client ${String(i + 1).padStart(2, '0')}`, `client${i + 1}@exemple.fr`)),
];
const RULES = {
  searchText: (c: (typeof CONTACTS)[number]) => [c.name, c.email, c.company],
  orderings: { name: (c: (typeof CONTACTS)[number]) => c.name },
};

const clientSelect = () => screen.getByRole('combobox', { name: /^Client/ });
const clientSearch = () => screen.getByRole('searchbox', { name: 'Rechercher un client' });
const optionTexts = () => within(clientSelect()).getAllByRole('option').map((option) => option.textContent);
const contactRequests = (mock: MockAdapter) => pageRequests(mock.history.get, 'contacts/');

describe('client picker of quotes and invoices', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply((config) => pagedReply(CONTACTS, config, RULES));
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr', vat_regime: 'assujetti' });
  });
  afterEach(() => mock.restore());

  it('asks for the first 20 contacts by name, then searches what is typed in one request, never the whole list', async () => {
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await screen.findByRole('option', { name: 'Client 01 (client1@exemple.fr)' });
    expect(optionTexts()).toHaveLength(21);
    expect(optionTexts()).not.toContain('Librairie Colette (colette@exemple.fr)');
    expect(contactRequests(mock)).toEqual([{ page_size: 20 }]);
    expect(screen.getByText('20 sur 30 listés : précisez la recherche pour trouver les autres.')).toBeInTheDocument();

    await user.type(clientSearch(), 'colette');
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    expect(optionTexts()).toEqual(['Sélectionnez un client', 'Librairie Colette (colette@exemple.fr)']);
    expect(contactRequests(mock)).toEqual([{ page_size: 20 }, { page_size: 20, search: 'colette' }]);
    // Every request asked for a page: none for the whole list.
    expect(mock.history.get.filter((request) => request.url === 'contacts/')).toHaveLength(2);
    expect(screen.queryByText(/listés : précisez la recherche/)).not.toBeInTheDocument();

    // The client picked stays shown (and chosen) once another search no longer lists it.
    await user.selectOptions(clientSelect(), '3');
    await user.clear(clientSearch());
    await user.type(clientSearch(), 'zzz');
    expect(await screen.findByText('Aucun résultat pour « zzz ».')).toBeInTheDocument();
    expect(clientSelect()).toHaveValue('3');
    expect(optionTexts()).toEqual(['Sélectionnez un client', 'Librairie Colette (colette@exemple.fr)']);
    expect(screen.getByRole('link', { name: 'Voir la fiche client : Librairie Colette' })).toHaveAttribute('href', '/contacts/3');
  });

  it('loads the next 20 on demand, with the first page’s cursor', async () => {
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('option', { name: 'Client 01 (client1@exemple.fr)' });
    await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
    await screen.findByRole('option', { name: 'Zoé Vautrin (zoe@exemple.fr)' });
    expect(optionTexts()).toHaveLength(31);
    expect(contactRequests(mock)).toEqual([{ page_size: 20 }, { page_size: 20, cursor: 'o20' }]);
    expect(screen.queryByRole('button', { name: 'Afficher la suite' })).not.toBeInTheDocument();
  });

  it('shows the quote’s client though the first 20 do not list it, and keeps the keyboard in the field', async () => {
    const quote = documentJson({ id: 7, title: 'Refonte', client: { id: 4, name: 'Zoé Vautrin', email: 'zoe@exemple.fr' } });
    mock.onGet('quotes/7/').reply(200, quote);
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('option', { name: 'Client 01 (client1@exemple.fr)' });
    expect(clientSelect()).toHaveValue('4');
    expect(within(clientSelect()).getByRole('option', { name: 'Zoé Vautrin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir la fiche client : Zoé Vautrin' })).toHaveAttribute('href', '/contacts/4');

    // Enter in the search field goes to the select (no submission); Escape clears the search.
    await user.type(clientSearch(), 'client 2{Enter}');
    expect(clientSelect()).toHaveFocus();
    await waitFor(() => expect(optionTexts()).toHaveLength(1 + 1 + 9));
    expect(mock.history.put).toHaveLength(0);
    await user.click(clientSearch());
    await user.keyboard('{Escape}');
    expect(clientSearch()).toHaveValue('');
    await waitFor(() => expect(optionTexts()).toHaveLength(22));
    expect(clientSelect()).toHaveValue('4');
  });
});
