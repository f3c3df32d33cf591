import { expect, test } from '@playwright/test';
import { createActivatedUser, expectAccessible, signInAs } from './support/app';

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
