import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import {
  CLIENT_ADDRESS,
  E2E_DATA_DIR,
  apiAs,
  createActivatedUser,
  expectAccessible,
  fillIssuerProfile,
  readOutbox,
  signInAs,
} from './support/app';

const year = parisToday().slice(0, 4);
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);

/** The document's own 'Titre' comes before the lines' ones. */
const documentTitle = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true }).first();
const line = (page: Page, n: number) => page.getByRole('group', { name: `Ligne ${n}` });

async function saveDownload(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file);
}

test('quotes and invoices: three lines with a task, discounts, totals, duplicate, convert, issue, pay, outstanding filter', async ({
  page,
  request,
}) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  await api.post('/contacts/', { name: 'Librairie Colette', email: 'colette@exemple.fr', category: 'client', ...CLIENT_ADDRESS });
  await api.post('/tasks/', { title: 'Atelier de cadrage', description: 'Deux heures avec l’équipe', billable: true, hourly_rate: 60, estimated_time: 2 });

  // A new quote with three lines, one linked to the task.
  await signInAs(page, request, user, '/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des devis' })).toBeVisible();
  await expect(page.getByText('Aucun devis à afficher.')).toBeVisible();
  await page.getByRole('link', { name: 'Faire un devis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau devis' })).toBeVisible();

  await page.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Veuillez sélectionner un client pour le devis.' })).toBeVisible();

  await documentTitle(page).fill('Refonte du site Colette');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Librairie Colette (colette@exemple.fr)' });
  await expect(page.getByRole('link', { name: 'Voir la fiche client : Librairie Colette' })).toBeVisible();

  await line(page, 1).getByRole('combobox', { name: 'Tâche liée' }).selectOption({ label: 'Atelier de cadrage' });
  await expect(line(page, 1).getByRole('textbox', { name: 'Titre' })).toHaveValue('Atelier de cadrage');
  await expect(line(page, 1).getByRole('textbox', { name: 'Prix unitaire HT (€)' })).toHaveValue('60,00');
  // The task's time is billed (issue 15): its estimate, 2 h; this quote bills one workshop.
  await expect(line(page, 1).getByRole('textbox', { name: 'Quantité' })).toHaveValue('2');
  await line(page, 1).getByRole('textbox', { name: 'Quantité' }).fill('1');

  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await expect(line(page, 2).getByRole('textbox', { name: 'Titre' })).toBeFocused();
  await page.keyboard.type('Déplacement');
  // Amounts typed the French way or the English way, whatever the browser's language (issue 18).
  await line(page, 2).getByRole('textbox', { name: 'Quantité' }).fill('2');
  await line(page, 2).getByRole('textbox', { name: 'Prix unitaire HT (€)' }).fill('35,50');

  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await line(page, 3).getByRole('textbox', { name: 'Titre' }).fill('Hébergement');
  await line(page, 3).getByRole('textbox', { name: 'Quantité' }).fill('3');
  await line(page, 3).getByRole('textbox', { name: 'Prix unitaire HT (€)' }).fill('0.10');

  // 60 + 2 × 35.50 + 3 × 0.10 = 131.30 HT; VAT 20 % = 26.26; 157.56 TTC.
  await expect(page.getByTestId('total-ht')).toHaveText(money('131,30'));
  await expect(page.getByTestId('total-tva')).toHaveText(money('26,26'));
  await expect(page.getByTestId('total-ttc')).toHaveText(money('157,56'));

  // Discounts (issue 25): 10 % off the travel (63.90), then 5 € off the whole quote for a reason:
  // 124.20 − 5 = 119.20 HT; VAT 23.84; 143.04 TTC.
  await line(page, 2).getByRole('textbox', { name: 'Remise' }).fill('10');
  await expect(line(page, 2).getByTestId('line-total')).toHaveText(money('63,90'));
  await page.getByRole('combobox', { name: 'Type de remise globale' }).selectOption({ label: '€' });
  await page.getByRole('textbox', { name: 'Remise globale' }).fill('5');
  await page.getByRole('textbox', { name: 'Motif de la remise' }).fill('Geste commercial');
  await expect(page.getByTestId('total-lines')).toHaveText(money('124,20'));
  await expect(page.getByTestId('total-discount')).toHaveText(/^−5,00\s€$/);
  await expect(page.getByTestId('total-ht')).toHaveText(money('119,20'));
  await expect(page.getByTestId('total-tva')).toHaveText(money('23,84'));
  await expect(page.getByTestId('total-ttc')).toHaveText(money('143,04'));

  await page.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Devis DEV-${year}-0001` })).toBeVisible();
  await expect(page.getByTestId('total-ttc')).toHaveText(money('143,04'));
  await expectAccessible(page);
  // Usable from 360 px: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Duplicate it.
  await page.getByRole('button', { name: 'Dupliquer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dupliquer un devis' })).toBeVisible();
  await expect(documentTitle(page)).toHaveValue('Copie de Refonte du site Colette');
  await expect(page.getByRole('group', { name: /^Ligne/ })).toHaveCount(3);
  await page.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Devis DEV-${year}-0002` })).toBeVisible();
  await expect(page.getByTestId('total-ttc')).toHaveText(money('143,04'));

  // Both in the list, newest first.
  await page.getByRole('link', { name: '← Liste des devis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des devis' })).toBeVisible();
  const quoteRows = page.getByRole('table').locator('tbody tr');
  await expect(quoteRows).toHaveCount(2);
  await expect(quoteRows.first()).toContainText('Copie de Refonte du site Colette');
  await expect(quoteRows.first()).toContainText(`#DEV-${year}-0002`);
  await expectAccessible(page);

  // Send the original (status) and convert it into an invoice.
  await page.goto(quoteUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Devis DEV-${year}-0001` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyé' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Figer le devis ?' }).getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Devis mis à jour avec succès !')).toBeVisible();
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Convertir' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = page.url().split('/').pop();
  await expect(page.getByRole('heading', { level: 1, name: `Facture #${invoiceId}` })).toBeVisible();
  await expect(page.getByLabel('Informations de paiement')).toBeVisible();
  await expect(page.getByTestId('total-ttc')).toHaveText(money('143,04'));
  await expect(page.getByRole('group', { name: /^Ligne/ })).toHaveCount(3);

  // Issue it: it takes its legal number and is frozen.
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Émettre la facture ?' }).getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture FAC-${year}-0001` })).toBeVisible();
  await expect(page.getByText('Facture émise : son contenu est figé (art. 242 nonies A du CGI).', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // Awaiting payment: in the outstanding filter.
  await page.goto('/invoices?status=outstanding');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des factures' })).toBeVisible();
  await expect(page.getByText('Filtre appliqué : Factures en attente de paiement.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refonte du site Colette' })).toBeVisible();
  await expect(page.getByText(`#FAC-${year}-0001`)).toBeVisible();
  await expectAccessible(page);

  // Paid (a payment of the whole balance): it leaves the filter.
  await page.getByRole('link', { name: 'Refonte du site Colette' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture FAC-${year}-0001` })).toBeVisible();
  const paymentForm = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await expect(paymentForm.getByRole('textbox', { name: 'Montant (€)' })).toHaveValue('143,04');
  await paymentForm.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByText('Paiement enregistré.', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Statut' })).toContainText('Payée');
  await page.goto('/invoices?status=outstanding');
  await expect(page.getByText('Aucune facture à afficher.')).toBeVisible();
  await page.getByRole('link', { name: 'Tout afficher' }).click();
  await expect(page.getByRole('link', { name: 'Refonte du site Colette' })).toBeVisible();
});

test('documents: quote and invoice PDFs, preview, invoice sent by e-mail', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Atelier Dupont', email: 'dupont.e2e@exemple.fr', category: 'client', ...CLIENT_ADDRESS });
  const lines = [{ title: 'Conception graphique', quantity: 2, unit_price: 450 }];
  const quote = await api.post('/quotes/', { title: 'Identité visuelle', client_id: client.id, line_items: lines });
  const invoice = await api.post('/invoices/', { title: 'Identité visuelle — acompte', client_id: client.id, line_items: lines });

  // The quote's PDF.
  await signInAs(page, request, user, `/quotes/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Devis ${quote.quote_number}` })).toBeVisible();
  const [quotePdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger PDF' }).click()]);
  expect(quotePdf.suggestedFilename()).toBe(`devis_${quote.quote_number}.pdf`);
  expect((await saveDownload(quotePdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The preview opens in the page.
  await page.getByRole('button', { name: 'Aperçu PDF' }).click();
  await expect(page.getByRole('heading', { name: 'Aperçu du PDF' })).toBeVisible();
  // The PDF in a frame, or — when the server's Content-Security-Policy has no `frame-src blob:` —
  // a message pointing to the download instead of an empty box.
  const frame = page.getByTitle(`Aperçu du devis ${quote.quote_number}`);
  await expect(frame).toBeVisible();
  await expect(page.getByText("Le navigateur n'autorise pas l'aperçu dans la page", { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: "Fermer l'aperçu" }).click();
  await expect(page.getByRole('heading', { name: 'Aperçu du PDF' })).toHaveCount(0);

  // The draft invoice's PDF is named after its id (no number yet).
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture #${invoice.id}` })).toBeVisible();
  const [invoicePdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger PDF' }).click()]);
  expect(invoicePdf.suggestedFilename()).toBe(`facture_${invoice.id}.pdf`);
  expect((await saveDownload(invoicePdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Sent by e-mail: the invoice becomes 'Envoyée' with its number, and its message, queued with it,
  // leaves through the server's outbox (issue 16) into the .eml outbox; the page follows it.
  await page.getByRole('button', { name: 'Envoyer par E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer par e-mail' });
  await expect(dialog).toContainText('Atelier Dupont (dupont.e2e@exemple.fr)');
  // The message as it will leave (issue 28), sent as it is.
  await expect(dialog.getByRole('textbox', { name: /^Objet/ })).toHaveValue(/^Facture \{numero\} — /);
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('La facture est en cours d’envoi par e-mail.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Envoi par e-mail' })).toContainText(/Envoyée par e-mail le /, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Facture FAC-\d{4}-\d{4}$/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Statut' })).toContainText('Envoyée');
  await expect(page.getByRole('paragraph').getByText('Envoyée', { exact: true })).toBeVisible();
  await expect
    .poll(() => readOutbox(E2E_DATA_DIR).filter((mail) => mail.to.includes('dupont.e2e@exemple.fr')).length)
    .toBe(1);

  await page.goto('/invoices');
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Identité visuelle — acompte' });
  await expect(row.getByText('Envoyée', { exact: true })).toBeVisible();
});
