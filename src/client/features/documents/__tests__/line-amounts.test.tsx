import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { documentJson } from './document-json';

/**
 * What a line carries on the shared quote/invoice editor (issue 25), through the whole app and a
 * real store: its unit (EN 16931 BT-130), and quantities and unit prices of up to 4 decimals.
 */

jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };
const PROFILE = { email: 'marie@exemple.fr', legal_notice: '', signature_notice: '', vat_regime: 'assujetti', vat_number: 'FR44732829320' };

const lines = () => screen.getAllByTestId('line-item');
const line = (n: number) => within(lines()[n - 1]);

describe('units on the document editor (issue 25)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  const postBody = () => JSON.parse(mock.history.post[mock.history.post.length - 1].data);

  it.each([
    ['quote', '/quotes/new', 'Nouveau devis', 'quotes/', 'Créer le devis', '/quotes/42'],
    ['invoice', '/invoices/new', 'Nouvelle facture', 'invoices/', 'Créer la facture', '/invoices/42'],
  ])('gives each %s line a unit, "Unité" by default, chosen by its French name and sent as its code', async (_kind, route, heading, url, create, after) => {
    const saved = documentJson({ id: 42, title: 'Formation', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] });
    mock.onPost(url).reply(201, saved);
    mock.onGet(`${url}42/`).reply(200, saved);
    const { user } = renderApp({ route, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: heading });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[0], 'Formation');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');

    const unit = line(1).getByRole('combobox', { name: 'Unité' });
    expect(unit).toHaveValue('C62');
    expect(within(unit).getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(['Heure', 'Jour', 'Mois', 'Forfait', 'Unité']));
    await user.type(line(1).getByRole('textbox', { name: /Titre/ }), 'Formation');
    fireEvent.change(line(1).getByRole('textbox', { name: /Quantité/ }), { target: { value: '2' } });
    fireEvent.change(line(1).getByRole('textbox', { name: /Prix unitaire/ }), { target: { value: '700' } });
    await user.selectOptions(unit, 'Jour');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    expect(line(2).getByRole('combobox', { name: 'Unité' })).toHaveValue('C62');
    await user.type(line(2).getByRole('textbox', { name: /Titre/ }), 'Support');

    await user.click(screen.getByRole('button', { name: create }));
    await waitFor(() => expect(currentPath()).toBe(after));
    expect(postBody().line_items.map((l: { unit: string }) => l.unit)).toEqual(['DAY', 'C62']);
  });

  it('takes a quantity of 0,3333 and a price of 0,0125 typed with a French comma, refuses 5 decimals with a French field message', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 42, title: 'Envois', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    mock.onGet('quotes/42/').reply(200, documentJson({ id: 42, title: 'Envois', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[0], 'Envois');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    await user.type(line(1).getByRole('textbox', { name: /Titre/ }), 'Appel');

    const quantity = line(1).getByRole('textbox', { name: /Quantité/ });
    const price = line(1).getByRole('textbox', { name: /Prix unitaire/ });
    await user.clear(quantity);
    await user.type(quantity, '0,33333');
    await user.tab();
    expect(line(1).getByText('Assurez-vous qu’il n’y a pas plus de 4 chiffres après la virgule.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    expect(mock.history.post).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '0,3333');
    await user.clear(price);
    await user.type(price, '90');
    await user.tab();
    expect(quantity).toHaveValue('0,3333');
    expect(line(1).queryByText(/4 chiffres/)).not.toBeInTheDocument();
    // 0,3333 × 90 € = 29,997 € → 30,00 € (each line rounded once to the cent).
    expect(line(1).getByTestId('line-total').textContent?.replace(/\s/g, ' ')).toBe('30,00 €');

    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.type(line(2).getByRole('textbox', { name: /Titre/ }), 'Timbres');
    fireEvent.change(line(2).getByRole('textbox', { name: /Quantité/ }), { target: { value: '1000' } });
    const price2 = line(2).getByRole('textbox', { name: /Prix unitaire/ });
    await user.clear(price2);
    await user.type(price2, '0,0125');
    await user.tab();
    expect(price2).toHaveValue('0,0125');
    expect(line(2).getByTestId('line-total').textContent?.replace(/\s/g, ' ')).toBe('12,50 €');

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/42'));
    expect(postBody().line_items.map((l: { quantity: number; unit_price: number }) => [l.quantity, l.unit_price])).toEqual([[0.3333, 90], [1000, 0.0125]]);
  });
});
