import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { ContactImportRowReport, ContactListItem } from '@/shared/contracts/contacts';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** The CSV import of the contact list (SPEC 5, 8, 9; issue 18: a preview, no duplicates, batches). */

const contact = (id: number, name: string, email: string): ContactListItem => ({
  id, name, email, phone: '', company: '', category: 'client', client_type: 'professionnel',
});
const MARC = contact(1, 'Marc Dupont', 'marc@x.fr');

const csvFile = (content: string, name = 'contacts.csv') => new File([content], name, { type: 'text/csv' });
const importInput = () => screen.getByLabelText('Fichier CSV à importer');
const posted = (mock: MockAdapter) => mock.history.post.map((request) => JSON.parse(request.data));
const details = () => within(screen.getByRole('list', { name: 'Détail par ligne' })).getAllByRole('listitem').map((li) => li.textContent);
const summary = () => screen.getByTestId('import-preview-summary').textContent;

/** A preview answer: every row new, except those `existing` names (by row index). */
const previewOf = (rows: unknown[], existing: Record<number, ContactImportRowReport> = {}) => {
  const reports = rows.map((_, index): ContactImportRowReport => existing[index] ?? { status: 'new' });
  const count = (status: string) => reports.filter((r) => r.status === status).length;
  return { dry_run: true, new: count('new'), existing: count('existing'), invalid: count('invalid'), rows: reports };
};

jest.setTimeout(30_000);

describe('contact CSV import', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  async function openList(contacts: ContactListItem[] = [MARC]) {
    mock.onGet('contacts/').reply(200, contacts);
    const utils = renderApp({ route: '/contacts', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    await screen.findByRole('table');
    return utils;
  }

  it('previews the file, then imports only the new contacts and refetches the list once', async () => {
    const { user } = await openList();
    mock.onPost('import-contacts/').replyOnce((config) => {
      const { contacts } = JSON.parse(config.data);
      return [200, previewOf(contacts, { 2: { status: 'existing', match: 'email', contact_id: 1, contact_name: 'Marc Dupont' } })];
    });
    await user.upload(importInput(), csvFile('email;nom;ville\nzoe@x.fr;Zoé;Lyon\n;Sans email;\nluc@x.fr;Luc;\nMARC@x.fr;Marc D.;\n'));

    expect(await screen.findByRole('heading', { name: 'Aperçu de l’import' })).toHaveFocus();
    expect(summary()).toBe('2 nouveaux contacts, 1 déjà présent, 1 ligne invalide.');
    expect(details()).toEqual(['Ligne 3 : Email manquant.', 'Ligne 5 : déjà présent : « Marc Dupont » (même email).']);
    // Nothing written yet: the rows were sent for a dry run.
    expect(posted(mock)).toEqual([
      {
        dry_run: true,
        contacts: [
          { email: 'zoe@x.fr', name: 'Zoé', city: 'Lyon' },
          { email: 'luc@x.fr', name: 'Luc' },
          { email: 'MARC@x.fr', name: 'Marc D.' },
        ],
      },
    ]);
    expect(screen.getByRole('radio', { name: 'Les ignorer' })).toBeChecked();

    mock.onPost('import-contacts/').replyOnce(201, { created: 2, updated: 0, skipped: 0, ids: [2, 3] });
    const listReads = mock.history.get.filter((request) => request.url === 'contacts/').length;
    mock.onGet('contacts/').reply(200, [MARC, contact(2, 'Zoé', 'zoe@x.fr'), contact(3, 'Luc', 'luc@x.fr')]);
    await user.click(screen.getByRole('button', { name: 'Importer' }));

    expect(await screen.findByText(/2 contacts importés avec succès\./)).toHaveTextContent(
      '2 contacts importés avec succès. 1 contact déjà présent ignoré. 1 ligne invalide ignorée.',
    );
    expect(posted(mock)[1]).toEqual({
      on_duplicate: 'skip',
      contacts: [
        { email: 'zoe@x.fr', name: 'Zoé', city: 'Lyon' },
        { email: 'luc@x.fr', name: 'Luc' },
      ],
    });
    expect(await screen.findByText('3 contacts')).toBeInTheDocument();
    expect(mock.history.get.filter((request) => request.url === 'contacts/')).toHaveLength(listReads + 1);
  });

  it('updates the contacts already there when asked', async () => {
    const { user } = await openList();
    mock.onPost('import-contacts/').replyOnce((config) => {
      const { contacts } = JSON.parse(config.data);
      return [200, previewOf(contacts, { 0: { status: 'existing', match: 'name', contact_id: 1, contact_name: 'Marc Dupont' } })];
    });
    await user.upload(importInput(), csvFile('Nom,Email,Ville\nMarc Dupont,marc@x.fr,Brest\n'));
    expect(await screen.findByTestId('import-preview-summary')).toHaveTextContent('0 nouveau contact, 1 déjà présent, 0 ligne invalide.');
    // Nothing new and left alone: nothing to do.
    expect(screen.getByRole('button', { name: 'Importer' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Les mettre à jour avec le fichier' }));

    mock.onPost('import-contacts/').replyOnce(201, { created: 0, updated: 1, skipped: 0, ids: [] });
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText(/Aucun nouveau contact importé\./)).toHaveTextContent('Aucun nouveau contact importé. 1 contact mis à jour.');
    expect(posted(mock)[1]).toEqual({ on_duplicate: 'update', contacts: [{ name: 'Marc Dupont', email: 'marc@x.fr', city: 'Brest' }] });
  });

  it('says why each line is invalid, from the server, and can be cancelled', async () => {
    const { user } = await openList();
    mock.onPost('import-contacts/').replyOnce((config) => {
      const { contacts } = JSON.parse(config.data);
      return [
        200,
        previewOf(contacts, {
          1: { status: 'invalid', errors: { email: ['Saisissez une adresse e-mail valide.'] } },
          2: { status: 'invalid', errors: { category: ["« ami » n'est pas un choix valide."] } },
          3: { status: 'existing', match: 'email', contact_id: null, contact_name: 'A', row: 0 },
        }),
      ];
    });
    await user.upload(importInput(), csvFile('Nom,Email,Catégorie\nA,a@x.fr,Client\nB,faux,Client\nC,c@x.fr,ami\nA bis,a@x.fr,\n'));
    expect(await screen.findByTestId('import-preview-summary')).toHaveTextContent('1 nouveau contact, 1 déjà présent, 2 lignes invalides.');
    expect(details()).toEqual([
      'Ligne 3 : Email : Saisissez une adresse e-mail valide.',
      "Ligne 4 : Catégorie : « ami » n'est pas un choix valide.",
      'Ligne 5 : même contact que la ligne 2.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('heading', { name: 'Aperçu de l’import' })).not.toBeInTheDocument();
    expect(mock.history.post).toHaveLength(1);
  });

  it('sends a long file in batches the API accepts, with a progress bar, and finds repeats across batches', async () => {
    const { user } = await openList();
    // 450 contacts; the 260th repeats the 3rd (another batch: the server cannot see it).
    const lines = Array.from({ length: 450 }, (_, i) => (i === 259 ? 'Encore,p2@x.fr' : `Personne ${i},p${i}@x.fr`));
    let releaseFirst: () => void = () => {};
    mock.onPost('import-contacts/').replyOnce(
      (config) =>
        new Promise((resolve) => {
          releaseFirst = () => resolve([200, previewOf(JSON.parse(config.data).contacts)]);
        }),
    );
    mock.onPost('import-contacts/').reply((config) => {
      const body = JSON.parse(config.data);
      return body.dry_run ? [200, previewOf(body.contacts)] : [201, { created: body.contacts.length, updated: 0, skipped: 0, ids: [] }];
    });
    await user.upload(importInput(), csvFile(`Nom,Email\n${lines.join('\n')}\n`));

    const bar = await screen.findByRole('progressbar', { name: 'Analyse du fichier...' });
    expect(bar).toHaveAttribute('max', '450');
    expect(bar).toHaveAttribute('value', '0');
    releaseFirst();

    expect(await screen.findByTestId('import-preview-summary')).toHaveTextContent('449 nouveaux contacts, 1 déjà présent, 0 ligne invalide.');
    expect(details()).toEqual(['Ligne 261 : même contact que la ligne 4.']);
    expect(posted(mock).map((body) => body.contacts.length)).toEqual([200, 200, 50]);

    mock.onGet('contacts/').reply(200, [MARC]);
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText(/449 contacts importés avec succès\./)).toBeInTheDocument();
    expect(posted(mock).slice(3).map((body) => [body.on_duplicate, body.contacts.length])).toEqual([
      ['skip', 200],
      ['skip', 200],
      ['skip', 49],
    ]);
  });

  it("lists the server's per-row errors of a refused import by file line", async () => {
    const { user } = await openList();
    mock.onPost('import-contacts/').replyOnce((config) => [200, previewOf(JSON.parse(config.data).contacts)]);
    await user.upload(importInput(), csvFile('Nom,Email\nA,a@x.fr\nB,b@x.fr\n'));
    await screen.findByTestId('import-preview-summary');
    mock.onPost('import-contacts/').replyOnce(400, { errors: [{}, { siren: ['Un client particulier n’a pas de SIREN.'] }] });
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    const list = await screen.findByRole('list', { name: "Erreurs de l'import" });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ligne 3 : SIREN : Un client particulier n’a pas de SIREN.']);
    expect(screen.getByRole('alert')).toHaveTextContent("Aucun contact n'a été importé.");
  });

  it('shows the unknown-error message when the server gives no detail', async () => {
    const { user } = await openList();
    mock.onPost('import-contacts/').reply(500, '<html>');
    await user.upload(importInput(), csvFile('Nom,Email\nA,a@x.fr\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent("Erreur inconnue lors de l'import des contacts.");
  });

  it('lists what every line lacks when none can be imported', async () => {
    const { user } = await openList();
    await user.upload(importInput(), csvFile('Nom,Email\nA,\n,b@x.fr\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucun contact à importer : chaque ligne doit avoir un nom et un email.');
    expect(within(screen.getByRole('list', { name: "Erreurs de l'import" })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ligne 2 : Email manquant.',
      'Ligne 3 : Nom manquant.',
    ]);
    expect(mock.history.post).toHaveLength(0);
  });

  it('refuses more than 10,000 contacts without calling the server', async () => {
    const { user } = await openList();
    const lines = Array.from({ length: 10_001 }, (_, i) => `P${i},p${i}@x.fr`);
    await user.upload(importInput(), csvFile(`Nom,Email\n${lines.join('\n')}\n`));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Le fichier contient trop de contacts \(10\s001\)\. Limite : 10\s000\.$/);
    expect(mock.history.post).toHaveLength(0);
  });

  it('refuses files over 1 MB and files that are not .csv', async () => {
    mock.onGet('contacts/').reply(200, [MARC]);
    const { user } = renderApp({ route: '/contacts', preloadedState: signedIn, userOptions: { applyAccept: false } });
    await screen.findByRole('table');
    await user.upload(importInput(), csvFile('x'.repeat(1024 * 1024 + 1), 'gros.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le fichier est trop volumineux (1,01 Mo). Limite : 1 Mo.');
    await user.upload(importInput(), new File(['Nom,Email'], 'contacts.xlsx'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Le fichier doit être au format .csv.'));
    expect(mock.history.post).toHaveLength(0);
  });
});
