import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { documentJson } from './document-json';

/**
 * Issue 28: a catalogue item picked in the line editor (a keyboard-usable combobox with search)
 * fills a line (title, description, unit, unit price, VAT rate), which stays editable.
 */

jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };
const PROFILE = { email: 'marie@exemple.fr', legal_notice: '', signature_notice: '', vat_regime: 'assujetti', vat_number: 'FR44732829320' };
const item = (id: number, title: string, extra: object) => ({
  id, title, description: '', unit: 'HUR', unit_price: 80, tax_rate: 20, created_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z', ...extra,
});
const CATALOGUE = [
  item(1, 'Atelier UX', { description: 'Une demi-journée en équipe', unit: 'DAY', unit_price: 450.1234, tax_rate: 20 }),
  item(2, 'Développement web', { unit: 'HUR', unit_price: 85 }),
  item(3, 'Livre blanc imprimé', { unit: 'H87', unit_price: 12.5, tax_rate: 5.5 }),
];

const lines = () => screen.getAllByTestId('line-item');
const line = (n: number) => within(lines()[n - 1]);

describe('catalogue picker in the line editor', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('catalogue/').reply(200, CATALOGUE);
  });
  afterEach(() => mock.restore());

  it('searches with the keyboard, fills a new line from the item picked, and sends the line as edited after', async () => {
    const saved = documentJson({ id: 42, title: 'Refonte', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] });
    mock.onPost('quotes/').reply(201, saved);
    mock.onGet('quotes/42/').reply(200, saved);
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    // The catalogue is loaded only once the picker is entered.
    expect(mock.history.get.some((r) => r.url === 'catalogue/')).toBe(false);
    await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[0], 'Refonte');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    await user.type(line(1).getByRole('textbox', { name: /Titre/ }), 'Maquettes');

    // The heading shows while the form waits for the profile: wait for the form itself.
    const picker = await screen.findByRole('combobox', { name: 'Ajouter depuis le catalogue' });
    await user.click(picker);
    const listbox = await screen.findByRole('listbox', { name: 'Articles du catalogue' });
    expect(await within(listbox).findAllByRole('option')).toHaveLength(3);
    await user.type(picker, 'LIVRE');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Livre blanc imprimé')]);
    await user.clear(picker);
    await user.type(picker, 'e');
    await user.keyboard('{ArrowDown}');
    expect(picker).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[1].id);
    expect(within(listbox).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(picker).toHaveValue('');
    expect(lines()).toHaveLength(2);
    expect(line(2).getByRole('textbox', { name: /Titre/ })).toHaveValue('Atelier UX');
    expect(line(2).getByRole('textbox', { name: 'Description' })).toHaveValue('Une demi-journée en équipe');
    expect(line(2).getByRole('combobox', { name: 'Unité' })).toHaveValue('DAY');
    expect(line(2).getByRole('combobox', { name: /TVA/ })).toHaveValue('20');
    // The title of the new line has the focus: it can be edited at once.
    expect(line(2).getByRole('textbox', { name: /Titre/ })).toHaveFocus();
    fireEvent.change(line(2).getByRole('textbox', { name: /Quantité/ }), { target: { value: '2' } });

    // A second one by mouse, at 5,5 %.
    await user.click(picker);
    await user.type(picker, 'livre');
    await user.click(within(screen.getByRole('listbox')).getByRole('option'));
    expect(line(3).getByRole('combobox', { name: /TVA/ })).toHaveValue('5.5');

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/42'));
    const sent = JSON.parse(mock.history.post[0].data).line_items;
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ title: 'Atelier UX', description: 'Une demi-journée en équipe', unit: 'DAY', quantity: 2, unit_price: 450.1234, tax_rate: 20 }),
      expect.objectContaining({ title: 'Livre blanc imprimé', unit: 'H87', quantity: 1, unit_price: 12.5, tax_rate: 5.5 }),
    ]);
  });

  it('says when the catalogue is empty; Escape closes the list', async () => {
    mock.onGet('catalogue/').reply(200, []);
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    // The heading shows while the form waits for the profile: wait for the form itself.
    const picker = await screen.findByRole('combobox', { name: 'Ajouter depuis le catalogue' });
    await user.click(picker);
    expect(await screen.findByText('Votre catalogue est vide : ajoutez vos prestations dans la page Catalogue.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(lines()).toHaveLength(1);
  });
});
