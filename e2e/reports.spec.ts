import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

const today = parisToday();
const year = today.slice(0, 4);
const frenchDate = today.split('-').reverse().join('/');

test('reports: a payment recorded on an invoice shows in the receipts book, which downloads as CSV for Excel', async ({ page, request }) => {
  // Set-up through the API: the issuer, a client and an issued invoice of 1 200 € TTC.
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Librairie Colette', email: 'colette.reports@exemple.fr', ...CLIENT_ADDRESS });
  const invoice = await api.post('/invoices/', {
    title: 'Atelier d’écriture', client_id: client.id, status: 'sent',
    line_items: [{ title: 'Atelier', description: '', quantity: 2, unit_price: 500, tax_rate: 20 }],
  });
  const invoiceNumber = invoice.invoice_number as string;

  // A payment by cheque on the invoice's page, of the balance the form offers.
  await signInAs(page, request, user, `/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoiceNumber}` })).toBeVisible();
  const paymentForm = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await expect(paymentForm.getByLabel('Montant (€)')).toHaveValue(/^1\s?200(,00)?$/);
  await paymentForm.getByRole('combobox', { name: 'Moyen de paiement' }).selectOption({ label: 'Chèque' });
  await paymentForm.getByRole('textbox', { name: 'Référence' }).fill('CHQ 4521');
  await paymentForm.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByText('Paiement enregistré.', { exact: true })).toBeVisible();

  // Rapports, from the sidebar: the payment in this year's receipts book.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Rapports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rapports' })).toBeVisible();
  const book = page.getByRole('region', { name: `Livre des recettes ${year}` });
  const row = book.getByRole('table', { name: `Encaissements ${year}` }).getByRole('row').filter({ hasText: 'CHQ 4521' });
  await expect(row).toContainText(invoiceNumber);
  await expect(row).toContainText('Librairie Colette');
  await expect(row).toContainText('Prestation de services');
  await expect(row).toContainText(/1\s200,00\s€/);
  await expect(row).toContainText('Chèque');
  // The totals are the turnover to declare: 1 200 € TTC at 20 % is 1 000 € HT.
  const totals = book.getByRole('table', { name: `Recettes ${year} par mois, trimestre et année` });
  await expect(totals.getByRole('columnheader', { name: "Chiffre d'affaires encaissé à déclarer (HT)" })).toBeVisible();
  await expect(totals.getByRole('row', { name: new RegExp(`^Année ${year}`) })).toContainText(/1\s000,00\s€/);
  await expectAccessible(page);

  // On a phone the totals stack (issue 28): each period a card of labelled figures, nothing
  // scrolls sideways, the table still a table for screen readers.
  await page.setViewportSize({ width: 390, height: 844 });
  const region = book.getByRole('region', { name: `Recettes ${year} par mois, trimestre et année` });
  await expect(totals.getByRole('columnheader', { name: 'Ventes (HT)' })).toBeAttached();
  const yearRow = totals.getByRole('row', { name: new RegExp(`^Année ${year}`) });
  await expect(yearRow.locator('td[data-label="Chiffre d\'affaires encaissé à déclarer (HT)"]')).toHaveText(/^1\s000,00\s€$/);
  const width = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right }));
  expect(width.scroll).toBeLessThanOrEqual(width.client);
  expect(width.right).toBeLessThanOrEqual(390);
  const cell = await yearRow.locator('td').first().boundingBox();
  const header = await yearRow.locator('th').boundingBox();
  expect(cell!.y).toBeGreaterThan(header!.y); // the figures under the period's name, not beside it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The CSV: BOM, ';', decimal comma, French date.
  const [download] = await Promise.all([page.waitForEvent('download'), book.getByRole('button', { name: 'Télécharger le CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`livre-des-recettes-${year}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFDate;N° facture;Client;Nature;Montant encaissé;Dont HT;Mode de règlement;Référence\r\n')).toBe(true);
  expect(csv).toContain(`${frenchDate};${invoiceNumber};Librairie Colette;Prestation de services;1200,00;1000,00;Chèque;CHQ 4521\r\n`);

  // The dashboard's URSSAF card: 1 200 € TTC at 20 % is 1 000 € HT this month.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tableau de bord' }).click();
  const card = page.getByRole('region', { name: 'Déclaration URSSAF' });
  await expect(card.getByRole('row', { name: /^Mois en cours/ })).toContainText(/1\s000,00\s€/);
});
