import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-reader';
import { VAT_EXEMPTIONS } from '../src/shared/vat';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);
const documentTitle = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true }).first();
const line = (page: Page, n: number) => page.getByRole('group', { name: `Ligne ${n}` });

/** Issues the open draft, the account's first invoice (status « Envoyée », then « Émettre la facture ? »). */
async function issueFirstInvoice(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: /^Facture #\d+$/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Émettre la facture ?' }).getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Facture FAC-\d{4}-0001$/ })).toBeVisible();
}

/** The text of the PDF « Télécharger PDF » gives, its spaces made plain. */
async function downloadedPdfText(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger PDF' }).click()]);
  return pdfText(fs.readFileSync(await download.path())).replace(/[\s\u202f\u00a0]+/g, ' ');
}

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
  await issueFirstInvoice(page);
  const text = await downloadedPdfText(page);
  expect(text).toContain('TVA non applicable, art. 293 B du CGI');
  expect(text).toContain('Net à payer');
  expect(text).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
  expect(text).not.toContain('40 €');
  expect(text).not.toContain('Taux des pénalités');
  expect(text).not.toMatch(/TVA \d/);
});

test('a VAT-registered seller bills exempt training, reverse-charged works and advice at 20 % on one invoice: a reason per 0 % line (issue 25)', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  await api.post('/contacts/', { name: 'Bâtir Ouest', email: 'batir.e2e@exemple.fr', ...CLIENT_ADDRESS, vat_number: 'FR44732829320' });

  await signInAs(page, request, user, '/invoices/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle facture' })).toBeVisible();
  await documentTitle(page).fill('Chantier et formation');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Bâtir Ouest (batir.e2e@exemple.fr)' });
  const fillLine = async (n: number, title: string, price: string, rate: string) => {
    if (n > 1) await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await line(page, n).getByRole('textbox', { name: 'Titre' }).fill(title);
    await line(page, n).getByRole('textbox', { name: /Prix unitaire/ }).fill(price);
    await line(page, n).getByRole('combobox', { name: 'TVA', exact: true }).selectOption({ label: rate });
  };
  await fillLine(1, 'Formation sécurité', '1000', '0 %');
  await fillLine(2, 'Sous-traitance gros œuvre', '500', '0 %');
  await fillLine(3, 'Conseil', '300', '20 %');
  // A reason of its own on the works; the training takes the document's. No reason on the 20 % line.
  await expect(line(page, 3).getByRole('combobox', { name: "Motif d'exonération de la ligne" })).toHaveCount(0);
  await line(page, 2).getByRole('combobox', { name: "Motif d'exonération de la ligne" }).selectOption({ label: VAT_EXEMPTIONS.autoliquidation.label });
  // The training has no reason yet: refused before sending, in French.
  await page.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page.getByText('Indiquez le motif d’exonération des lignes à 0 %').first()).toBeVisible();
  await page.getByRole('combobox', { name: "Motif d'exonération", exact: true }).selectOption({ label: VAT_EXEMPTIONS.exoneration.label });
  await expect(page.getByTestId('total-ttc')).toHaveText(money('1 860,00'));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  await issueFirstInvoice(page);
  // Issued: the line's reason is shown, read-only.
  await expect(line(page, 2).getByRole('combobox', { name: "Motif d'exonération de la ligne" })).toBeDisabled();
  const text = await downloadedPdfText(page);
  expect(text).toContain('Exonération de TVA, art. 261 du CGI');
  expect(text).toContain('Autoliquidation : TVA due par le preneur, art. 283-2 du CGI');
  expect(text).toContain('TVA 0 % (exonération) sur 1 000,00 €');
  expect(text).toContain('TVA 0 % (autoliquidation) sur 500,00 €');
  expect(text).toContain('TVA 0 % : autoliquidation');

  // On a phone the line's reason stays within the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  const box = await line(page, 2).getByRole('combobox', { name: "Motif d'exonération de la ligne" }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
});
