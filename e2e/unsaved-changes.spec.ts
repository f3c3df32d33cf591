import { expect, test } from '@playwright/test';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

test('nothing typed is lost (issue 28): a sidebar link asks « Quitter sans enregistrer ? », staying keeps the new contact as typed', async ({
  page,
  request,
}) => {
  const user = await createActivatedUser(request);
  await signInAs(page, request, user, '/contacts');
  await page.getByRole('link', { name: '+ Ajouter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau contact' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Nom', exact: true });
  await name.fill('Jeanne Roux');
  await page.getByLabel('Email').fill('jeanne.roux@exemple.fr');
  await page.getByLabel('Ville').fill('Rennes');

  const sidebar = page.getByRole('navigation', { name: 'Navigation principale' });
  await sidebar.getByRole('link', { name: 'Projets' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Vos modifications seront perdues.');
  const stay = dialog.getByRole('button', { name: 'Rester sur la page' });
  await expect(stay).toBeFocused();
  await expectAccessible(page);

  // Staying (the keyboard's default answer): the page and every value as typed.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/contacts\/new$/);
  await expect(name).toHaveValue('Jeanne Roux');
  await expect(page.getByLabel('Email')).toHaveValue('jeanne.roux@exemple.fr');
  await expect(page.getByLabel('Ville')).toHaveValue('Rennes');

  // The back button (to the list) is held back too; Escape stays.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/contacts\/new$/);
  await expect(name).toHaveValue('Jeanne Roux');

  // Closing the tab gets the browser's own question.
  const beforeUnload = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await beforeUnload).toBe('beforeunload');
});

test('a contact saved with « Créer le contact » leaves for another page without a word', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  await signInAs(page, request, user, '/contacts/new');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Paul Martin');
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByText('Contact créé avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Projets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des projets' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('on a slow phone, what is chosen as soon as a new invoice is created is what « Enregistrer » sends (the page changes at once, not in the background)', async ({
  page,
  request,
}) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  await api.post('/contacts/', { name: 'Bâtir Ouest', email: 'batir.slow@exemple.fr', ...CLIENT_ADDRESS });
  // A mid-range phone's CPU: the new record's page takes long to render after « Créer ».
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });

  await signInAs(page, request, user, '/invoices/new');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).first().fill('Conseil');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Bâtir Ouest (batir.slow@exemple.fr)' });
  const line = page.getByRole('group', { name: 'Ligne 1' });
  await line.getByRole('textbox', { name: 'Titre' }).fill('Audit');
  await line.getByRole('textbox', { name: /Prix unitaire/ }).fill('300');
  await page.getByRole('button', { name: 'Créer la facture' }).click();
  // No wait for the new page: the address changes, then the status is chosen straight away.
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Émettre la facture ?' })).toBeVisible();
});
