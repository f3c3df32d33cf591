import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** /catalogue (issue 28), through the whole app and a real store. */

jest.setTimeout(30_000);

const item = (id: number, title: string, extra: object = {}) => ({
  id, title, description: '', unit: 'HUR', unit_price: 80, tax_rate: 20, created_at: '2026-11-28T10:00:00Z', updated_at: '2026-11-28T10:00:00Z', ...extra,
});
const ATELIER = item(1, 'Atelier UX', { description: 'Une demi-journée en équipe', unit: 'DAY', unit_price: 450.1234 });
const DEV = item(2, 'Développement web');

describe('catalogue page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr' });
  });
  afterEach(() => mock.restore());

  it('shows the loading state, then an empty catalogue with its explanation', async () => {
    let answer: (value: [number, unknown[]]) => void = () => undefined;
    mock.onGet('catalogue/').reply(() => new Promise((resolve) => (answer = resolve)));
    renderApp({ route: '/catalogue', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeInTheDocument();
    expect(await screen.findByText('Chargement du catalogue…')).toBeInTheDocument();
    answer([200, []]);
    expect(await screen.findByText('Votre catalogue est vide')).toBeInTheDocument();
    expect(screen.queryByText('Chargement du catalogue…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Catalogue/ })).toHaveAttribute('href', '/catalogue');
  });

  it('lists items with price, unit and rate, and searches them whatever the accents and case', async () => {
    mock.onGet('catalogue/').reply(200, [ATELIER, DEV]);
    const { user } = renderApp({ route: '/catalogue', preloadedState: signedIn });
    const list = await screen.findByRole('list', { name: 'Articles du catalogue' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Atelier UX', 'Développement web']);
    expect(within(list).getByText(/450,1234\s€ \/ jour/)).toBeInTheDocument();
    expect(within(list).getAllByText('TVA 20 %')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }), 'DEVELOP');
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Développement web']);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('Aucun article ne correspond à « zzz ».');
  });

  it('adds an item through the dialog, showing the server’s field messages, and lists it', async () => {
    let rows = [DEV];
    mock.onGet('catalogue/').reply(() => [200, rows]);
    mock.onPost('catalogue/').replyOnce(400, { unit_price: ['Assurez-vous que cette valeur est inférieure ou égale à 10 000 000 €.'] });
    const { user } = renderApp({ route: '/catalogue', preloadedState: signedIn });
    await screen.findByRole('list', { name: 'Articles du catalogue' });

    await user.click(screen.getByRole('button', { name: 'Nouvel article' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvel article' });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Ce champ est obligatoire.')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Titre/ }), 'Relecture');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unité' }), 'Forfait');
    await user.type(within(dialog).getByRole('textbox', { name: /Prix unitaire/ }), '99999999');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Taux de TVA' }), '5,5 %');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Deux passes');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Assurez-vous que cette valeur est inférieure ou égale à 10 000 000 €.')).toBeInTheDocument();

    const created = item(3, 'Relecture', { unit: 'LS', unit_price: 120.5, tax_rate: 5.5, description: 'Deux passes' });
    mock.onPost('catalogue/').replyOnce(() => {
      rows = [created, DEV];
      return [201, created];
    });
    const price = within(dialog).getByRole('textbox', { name: /Prix unitaire/ });
    await user.clear(price);
    await user.type(price, '120,5');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(mock.history.post[1].data)).toEqual({ title: 'Relecture', description: 'Deux passes', unit: 'LS', unit_price: 120.5, tax_rate: 5.5 });
    expect(await screen.findByRole('heading', { level: 2, name: 'Relecture' })).toBeInTheDocument();
    expect(screen.getByText('Article ajouté au catalogue.')).toBeInTheDocument();
  });

  it('edits an item with its values filled in, and deletes one only once confirmed', async () => {
    let rows = [ATELIER, DEV];
    mock.onGet('catalogue/').reply(() => [200, rows]);
    mock.onPut('catalogue/1/').reply((config) => {
      const body = JSON.parse(config.data);
      rows = [{ ...ATELIER, ...body }, DEV];
      return [200, rows[0]];
    });
    mock.onDelete('catalogue/2/').reply(() => {
      rows = rows.filter((r) => r.id !== 2);
      return [204];
    });
    const { user } = renderApp({ route: '/catalogue', preloadedState: signedIn });
    await screen.findByRole('list', { name: 'Articles du catalogue' });

    await user.click(screen.getByRole('button', { name: 'Modifier « Atelier UX »' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier l’article' });
    const title = within(dialog).getByRole('textbox', { name: /^Titre/ });
    expect(title).toHaveValue('Atelier UX');
    expect(within(dialog).getByRole('combobox', { name: 'Unité' })).toHaveValue('DAY');
    await user.clear(title);
    await user.type(title, 'Atelier UX (journée)');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Atelier UX (journée)' })).toBeInTheDocument();
    expect(JSON.parse(mock.history.put[0].data)).toMatchObject({ title: 'Atelier UX (journée)', unit: 'DAY', unit_price: 450.1234, tax_rate: 20 });

    await user.click(screen.getByRole('button', { name: 'Supprimer « Développement web »' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('« Développement web » sera retiré du catalogue.');
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.delete).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer « Développement web »' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Développement web' })).not.toBeInTheDocument());
    expect(mock.history.delete).toHaveLength(1);
  });
});
