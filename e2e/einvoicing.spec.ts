import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-reader';
import { createActivatedUser, expectAccessible, signInAs } from './support/app';

const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);
const documentTitle = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true }).first();
const line = (page: Page, n: number) => page.getByRole('group', { name: `Ligne ${n}` });

test('a micro-entrepreneur in the VAT franchise invoices a private client: art. 293 B, no VAT, no 40 € indemnity', async ({ page, request }) => {
  const user = await createActivatedUser(request);

  // The profile: franchise en base (the default), bank details.
  await signInAs(page, request, user, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Profil Professionnel' })).toBeVisible();
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Roux');
  await page.getByLabel("Nom de l'entreprise").fill('Léa Roux Céramique');
  await page.getByLabel('SIRET').fill('732 829 320 00074');
  await page.getByLabel('Adresse', { exact: true }).fill('4 rue des Potiers');
  await page.getByLabel('Code postal').fill('26220');
  await page.getByLabel('Ville').fill('Dieulefit');
  await expect(page.getByRole('radio', { name: /Franchise en base de TVA/ })).toBeChecked();
  await page.getByLabel('IBAN').fill('fr7630006000011234567890189');
  await page.getByLabel('IBAN').blur();
  await expect(page.getByLabel('IBAN')).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Profil mis à jour avec succès.')).toBeVisible();
  await expectAccessible(page);

  // A private client.
  await page.goto('/contacts/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau contact' })).toBeVisible();
  await page.getByRole('radio', { name: 'Particulier' }).check();
  await expect(page.getByLabel('SIREN')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Paul Lefèvre');
  await page.getByLabel('Email').fill('paul.lefevre.e2e@exemple.fr');
  await page.getByLabel('Adresse', { exact: true }).fill('8 rue du Four');
  await page.getByLabel('Code postal').fill('26000');
  await page.getByLabel('Ville').fill('Valence');
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByText('Contact créé avec succès !')).toBeVisible();

  // The invoice: no VAT field in the franchise, the total says why.
  await page.goto('/invoices');
  await page.getByRole('link', { name: 'Faire une facture' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle facture' })).toBeVisible();
  await documentTitle(page).fill('Atelier modelage');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Paul Lefèvre (paul.lefevre.e2e@exemple.fr)' });
  await line(page, 1).getByRole('textbox', { name: 'Titre' }).fill('Atelier de 3 heures');
  await line(page, 1).getByRole('textbox', { name: 'Quantité' }).fill('2');
  // In the franchise nothing is "HT" (issue 25).
  await line(page, 1).getByRole('textbox', { name: 'Prix unitaire (€)' }).fill('75');
  await expect(page.getByLabel('Taux de TVA par défaut')).toHaveCount(0);
  await expect(line(page, 1).getByLabel('TVA')).toHaveCount(0);
  await expect(page.getByText('TVA non applicable, art. 293 B du CGI')).toBeVisible();
  await expect(page.getByTestId('total-ttc')).toHaveText(money('150,00'));
  await page.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  // Issued: the PDF carries the franchise mention and the bank details, no VAT row and no B2B indemnity.
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Facture FAC-\d{4}-0001$/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger PDF' }).click()]);
  const text = pdfText(fs.readFileSync(await download.path())).replace(/[\s\u202f\u00a0]+/g, ' ');
  expect(text).toContain('TVA non applicable, art. 293 B du CGI');
  expect(text).toContain('Net à payer');
  expect(text).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
  expect(text).not.toContain('40 €');
  expect(text).not.toContain('Taux des pénalités');
  expect(text).not.toMatch(/TVA \d/);
});
