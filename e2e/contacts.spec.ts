import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, createActivatedUser, expectAccessible, signInAs } from './support/app';

/** 60 contacts made through the import API: 'Fixture 01'…'Fixture 60', clients and prospects alternately. */
const FIXTURES = Array.from({ length: 60 }, (_, i) => ({
  name: `Fixture ${String(i + 1).padStart(2, '0')}`,
  email: `fixture${i + 1}@exemple.fr`,
  category: i % 2 === 0 ? 'client' : 'prospect',
}));

const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr');

test('contacts: list, create, edit, tasks from the contact, search, filter, pages, CSV export and import without duplicates, delete', async ({
  page,
  request,
}) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  expect(await api.post('/import-contacts/', FIXTURES)).toMatchObject({ created: 60 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // The list: 60 contacts on two pages of 50.
  await signInAs(page, request, user, '/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByText('Page 1 sur 2')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(50);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Fixture 60' })).toBeVisible();

  // Clicking an e-mail copies it.
  await page.getByRole('button', { name: "Copier l'email fixture60@exemple.fr" }).click();
  await expect(page.getByText('« fixture60@exemple.fr » copié dans le presse-papiers.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('fixture60@exemple.fr');

  // Create a contact.
  await page.getByRole('link', { name: '+ Ajouter' }).click();
  await expect(page).toHaveURL(/\/contacts\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau contact' })).toBeVisible();
  await expect(page.getByText("Veuillez d'abord enregistrer le contact pour ajouter des tâches.")).toBeVisible();
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByRole('alert')).toHaveText('Le nom du contact est requis.');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Élise Martin-Essai');
  await page.getByLabel('Email').fill('elise.essai@exemple.fr');
  await page.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
  await page.getByLabel('Entreprise').fill('Crème & Cie');
  await page.getByLabel('Ville').fill('Nantes');
  await page.getByLabel('Pays').selectOption('Belgique');
  await page.getByLabel('Catégorie').selectOption('partenaire');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByText('Contact créé avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  const contactUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le contact' })).toBeVisible();

  // Add a task from the contact page.
  const taskForm = page.getByRole('form', { name: 'Ajouter une tâche' });
  await taskForm.getByRole('button', { name: 'Ajouter la tâche' }).click();
  await expect(taskForm.getByRole('alert')).toHaveText('Le titre de la tâche est requis.');
  await taskForm.getByLabel('Titre de la tâche').fill('Rappeler Élise');
  await taskForm.getByLabel('Date limite').fill('2030-03-15');
  await taskForm.getByLabel('Statut').selectOption('en_cours');
  await taskForm.getByRole('button', { name: 'Ajouter la tâche' }).click();
  const panel = page.getByRole('complementary', { name: 'Éléments associés' });
  const taskLink = panel.getByRole('link', { name: 'Rappeler Élise' });
  await expect(taskLink).toBeVisible();
  await expect(taskLink).toHaveAttribute('href', /\/tasks\/\d+$/);
  await expect(panel.getByRole('listitem').filter({ hasText: 'Rappeler Élise' })).toContainText('En cours');
  await expectAccessible(page);

  // Edit the contact; the change survives a reload.
  await page.getByLabel('Ville').fill('Lyon');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Contact mis à jour avec succès !')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Ville')).toHaveValue('Lyon');
  // The select stores the ISO 3166 code and shows the country's French name (issue 25).
  await expect(page.getByLabel('Pays')).toHaveValue('BE');
  await expect(page.getByLabel('Pays').locator('option:checked')).toHaveText('Belgique');
  await expect(panel.getByRole('link', { name: 'Rappeler Élise' })).toBeVisible();

  // Delete the task (with confirmation).
  await panel.getByRole('button', { name: 'Supprimer la tâche Rappeler Élise' }).click();
  const taskDialog = page.getByRole('alertdialog');
  await expect(taskDialog).toContainText('Supprimer cette tâche ?');
  await taskDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(panel.getByText('Aucune tâche en cours.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Rappeler Élise' })).toHaveCount(0);

  // Search (case- and accent-insensitive) and category filter.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page.getByText('61 contacts')).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  const search = page.getByRole('searchbox', { name: 'Rechercher' });
  await search.fill('ELISE');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page.getByText('Page 1 sur 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Élise Martin-Essai' })).toBeVisible();
  await search.fill('fixture1');
  await expect(tableRows(page)).toHaveCount(11); // fixture1, fixture10…19
  await search.fill('');
  await page.getByLabel('Catégorie').selectOption('partenaire');
  await expect(tableRows(page)).toHaveCount(1);
  await page.getByLabel('Catégorie').selectOption('client');
  await expect(page.getByText('30 contacts')).toBeVisible();

  // Sort by name, descending on the second click.
  await page.getByRole('button', { name: /^Nom/ }).click();
  await page.getByRole('button', { name: /^Nom/ }).click();
  await expect(page.getByRole('columnheader', { name: /Nom/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(tableRows(page).first()).toContainText('Fixture 59');

  // Export the filtered list, then import the file again: every contact is already there (issue 18).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const exported = fs.readFileSync((await download.path())!);
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = exported.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe(
    'Nom;Email;Téléphone;Catégorie;Entreprise;Type;SIREN;N° TVA;Adresse;Code postal;Ville;Pays;Notes;' +
      'Adresse de livraison;Code postal de livraison;Ville de livraison;Pays de livraison;Tarif horaire',
  );
  expect(lines).toHaveLength(31);
  expect(lines[1]).toBe('Fixture 59;fixture59@exemple.fr;;Client;;Professionnel;;;;;;FR;;;;;;');

  const importFile = (content: string | Buffer) =>
    page.getByLabel('Fichier CSV à importer').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
  const preview = page.getByRole('region', { name: 'Aperçu de l’import' });
  const previewLines = preview.getByRole('list', { name: 'Détail par ligne' }).getByRole('listitem');
  await importFile(exported);
  await expect(preview).toContainText('0 nouveau contact, 30 déjà présents, 0 ligne invalide.');
  await expect(previewLines).toHaveCount(30);
  await expect(previewLines.first()).toHaveText('Ligne 2 : déjà présent : « Fixture 59 » (même email).');
  // Left alone, they leave nothing to import.
  await expect(preview.getByRole('button', { name: 'Importer' })).toBeDisabled();
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Annuler' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByText('30 contacts')).toBeVisible();

  // A new file, imported twice: created the first time, reported (not created) the second.
  const file = 'Nom;Email;Ville\nAnaïs Lefèvre;anais.lefevre@exemple.fr;Lille\nBruno Petit;bruno.petit@exemple.fr;Brest\nSans E-mail;;Paris\n';
  await importFile(file);
  await expect(preview).toContainText('2 nouveaux contacts, 0 déjà présent, 1 ligne invalide.');
  await expect(previewLines).toHaveText(['Ligne 4 : Email manquant.']);
  await preview.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByText('2 contacts importés avec succès. 1 ligne invalide ignorée.')).toBeVisible();
  await expect(page.getByText('32 contacts')).toBeVisible();

  await importFile(file.replace('Brest', 'Rennes'));
  await expect(preview).toContainText('0 nouveau contact, 2 déjà présents, 1 ligne invalide.');
  await expect(previewLines).toHaveText([
    'Ligne 2 : déjà présent : « Anaïs Lefèvre » (même email).',
    'Ligne 3 : déjà présent : « Bruno Petit » (même email).',
    'Ligne 4 : Email manquant.',
  ]);
  await preview.getByRole('radio', { name: 'Les mettre à jour avec le fichier' }).check();
  await preview.getByRole('button', { name: 'Importer' }).click();
  await expect(
    page.getByText('Aucun nouveau contact importé. 1 contact mis à jour. 1 contact déjà présent ignoré. 1 ligne invalide ignorée.'),
  ).toBeVisible();
  await expect(page.getByText('32 contacts')).toBeVisible();
  await page.getByLabel('Catégorie').selectOption('');
  await expect(page.getByText('63 contacts')).toBeVisible();
  await expect(page.getByText('Page 1 sur 2')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('bruno');
  await page.getByRole('link', { name: 'Bruno Petit' }).click();
  await expect(page.getByLabel('Ville')).toHaveValue('Rennes');
  await page.goBack();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');

  // On a phone each contact is a card with its name and e-mail (issue 18), and nothing overflows the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('columnheader', { name: /Entreprise/ })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: /Catégorie/ })).toBeHidden();
  const card = page.locator('tbody tr').first();
  await expect(card.getByRole('link')).toBeVisible();
  await expect(card.locator('td[data-label="Email"]')).toBeVisible();
  await expect(card.locator('td').nth(2)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete the contact (with confirmation).
  await page.goto(contactUrl);
  await expect(page.getByLabel('Ville')).toHaveValue('Lyon');
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Voulez-vous vraiment supprimer ce contact ? Cette action est irréversible.');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('62 contacts')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('élise');
  await expect(page.getByText('Aucun contact ne correspond à votre recherche.')).toBeVisible();
});
