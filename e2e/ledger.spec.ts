import { expect, test, type Page } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import { createActivatedUser, expectAccessible, signInAs } from './support/app';

const year = parisToday().slice(0, 4);
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);

/** The document's own 'Titre' comes before the lines' ones. */
const documentTitle = (page: Page) => page.getByRole('textbox', { name: 'Titre', exact: true }).first();
const line = (page: Page, n: number) => page.getByRole('group', { name: `Ligne ${n}` });
const ledger = (page: Page, testId: 'ledger-total' | 'ledger-paid' | 'ledger-credited' | 'ledger-balance') => page.getByTestId(testId);

test('invoice ledger: profile and client, issue an invoice, a partial payment, a credit note for the rest, balance 0', async ({
  page,
  request,
}) => {
  const user = await createActivatedUser(request);

  // The issuer: what a legal invoice with VAT needs (name, address, SIRET, VAT regime and number).
  await signInAs(page, request, user, '/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Profil Professionnel' })).toBeVisible();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await page.getByLabel("Nom de l'entreprise").fill('Atelier Durand');
  await page.getByLabel('SIRET').fill('732 829 320 00074');
  await page.getByRole('radio', { name: /Assujetti à la TVA/ }).check();
  await page.getByLabel('TVA intracom').fill('FR44732829320');
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue des Tanneurs');
  await page.getByLabel('Code postal').fill('44000');
  await page.getByLabel('Ville').fill('Nantes');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Profil mis à jour avec succès.')).toBeVisible();

  // The client, with an address.
  await page.goto('/contacts/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau contact' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Librairie Colette');
  await page.getByLabel('Email').fill('colette.ledger@exemple.fr');
  // A French business: invoiced, it is named by its SIREN (issue 25).
  await page.getByLabel('SIREN').fill('732 829 320');
  await page.getByLabel('Adresse', { exact: true }).fill('3 place du Commerce');
  await page.getByLabel('Code postal').fill('35000');
  await page.getByLabel('Ville').fill('Rennes');
  await page.getByRole('button', { name: 'Créer le contact' }).click();
  await expect(page.getByText('Contact créé avec succès !')).toBeVisible();

  // A draft invoice: 3 days at 400 € HT = 1 200 € HT, 1 440 € TTC.
  await page.goto('/invoices');
  await page.getByRole('link', { name: 'Faire une facture' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle facture' })).toBeVisible();
  await documentTitle(page).fill('Refonte de la boutique en ligne');
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Librairie Colette (colette.ledger@exemple.fr)' });
  await line(page, 1).getByRole('textbox', { name: 'Titre' }).fill('Développement');
  await line(page, 1).getByRole('textbox', { name: 'Quantité' }).fill('3');
  await line(page, 1).getByRole('textbox', { name: 'Prix unitaire HT (€)' }).fill('400');
  await expect(page.getByTestId('total-ttc')).toHaveText(money('1 440,00'));
  await page.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = page.url().split('/').pop();
  await expect(page.getByRole('heading', { level: 1, name: `Facture #${invoiceId}` })).toBeVisible();

  // Issue it: only Brouillon or Envoyée can be chosen; Envoyée gives it its number and freezes it.
  const status = page.getByRole('combobox', { name: 'Statut' });
  await expect(status.getByRole('option')).toHaveText(['Brouillon', 'Envoyée']);
  await status.selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Émettre la facture ?' }).getByRole('button', { name: 'Émettre la facture' }).click();
  const invoiceNumber = `FAC-${year}-0001`;
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoiceNumber}` })).toBeVisible();
  await expect(
    page.getByText('Facture émise : son contenu est figé (art. 242 nonies A du CGI). Pour la corriger ou l’annuler, émettez un avoir.'),
  ).toBeVisible();
  await expect(documentTitle(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Supprimer', exact: true })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Statut' })).toContainText('Envoyée');
  await expect(ledger(page, 'ledger-total')).toHaveText(money('1 440,00'));
  await expect(ledger(page, 'ledger-balance')).toHaveText(money('1 440,00'));
  await expectAccessible(page);

  // A partial payment by bank transfer.
  const paymentForm = page.getByRole('form', { name: 'Enregistrer un paiement' });
  const amount = paymentForm.getByRole('textbox', { name: 'Montant (€)' });
  await expect(amount).toHaveValue(/^1\s440,00$/);
  await amount.fill('1000');
  await paymentForm.getByRole('combobox', { name: 'Moyen de paiement' }).selectOption({ label: 'Virement' });
  await paymentForm.getByRole('textbox', { name: 'Référence' }).fill('VIR 2026-118');
  await paymentForm.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByText('Paiement enregistré.', { exact: true })).toBeVisible();
  await expect(ledger(page, 'ledger-paid')).toHaveText(money('1 000,00'));
  await expect(ledger(page, 'ledger-balance')).toHaveText(money('440,00'));
  await expect(page.getByRole('group', { name: 'Statut' })).toContainText('Partiellement payée');
  await expect(page.getByRole('row', { name: /VIR 2026-118/ })).toContainText('Virement');
  // The form now offers what remains.
  await expect(page.getByRole('form', { name: 'Enregistrer un paiement' }).getByRole('textbox', { name: 'Montant (€)' })).toHaveValue('440,00');

  // The rest is credited: a credit note for the balance due.
  await page.getByRole('button', { name: 'Émettre un avoir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Émettre un avoir' });
  await expect(dialog.getByRole('radio', { name: 'Avoir total' })).toBeChecked();
  await expect(dialog.getByText(/Crédite tout le solde restant dû : 440,00\s€ TTC\./)).toBeVisible();
  // A look at the partial form, then back to the total.
  await dialog.getByRole('radio', { name: 'Avoir partiel' }).check();
  const creditLine = dialog.getByRole('group', { name: 'Ligne 1 : Développement' });
  await creditLine.getByRole('checkbox', { name: 'Créditer cette ligne' }).check();
  await creditLine.getByRole('textbox', { name: 'Quantité' }).fill('1');
  await expect(dialog.getByTestId('credit-total-ttc')).toHaveText(money('480,00'));
  await dialog.getByRole('radio', { name: 'Avoir total' }).check();
  await dialog.getByRole('textbox', { name: 'Motif' }).fill('Remise commerciale sur le solde');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Émettre l’avoir' }).click();

  const creditNoteNumber = `AV-${year}-0001`;
  await expect(page).toHaveURL(/\/credit-notes\/\d+$/);
  await expect(page.getByText(`Avoir ${creditNoteNumber} émis avec succès !`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Avoir ${creditNoteNumber}` })).toBeVisible();
  await expect(page.getByText('Remise commerciale sur le solde')).toBeVisible();
  await expect(page.getByTestId('total-ttc')).toHaveText(money('440,00'));
  await expect(page.getByRole('button', { name: 'Télécharger PDF' })).toBeVisible();
  await expectAccessible(page);

  // Back on the invoice: nothing is due any more.
  await page.getByRole('link', { name: invoiceNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoiceNumber}` })).toBeVisible();
  await expect(ledger(page, 'ledger-balance')).toHaveText(money('0,00'));
  await expect(ledger(page, 'ledger-paid')).toHaveText(money('1 000,00'));
  await expect(ledger(page, 'ledger-credited')).toHaveText(money('-440,00'));
  await expect(page.getByRole('group', { name: 'Statut' })).toContainText('Payée');
  await expect(page.getByText('Cette facture est soldée : plus rien n’est dû.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(creditNoteNumber) })).toContainText(/-440,00\s€/);

  // The lists: the credit note with its invoice, the invoice paid this month.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Avoirs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des avoirs' })).toBeVisible();
  const creditRow = page.getByRole('table').locator('tbody tr').filter({ hasText: creditNoteNumber });
  await expect(creditRow.getByRole('link', { name: invoiceNumber, exact: true })).toBeVisible();
  await expect(creditRow).toContainText('Émis');
  await expectAccessible(page);

  await page.goto('/invoices?paid_this_month=true');
  await expect(page.getByText('Filtre appliqué : Factures payées ce mois-ci.')).toBeVisible();
  const invoiceRow = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Refonte de la boutique en ligne' });
  await expect(invoiceRow.getByText('Payée', { exact: true })).toBeVisible();
});
