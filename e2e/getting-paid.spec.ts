import { expect, test, type Page } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

/** Getting paid (issue 15): tracked time billed from the project page; a quote's deposit, then its final invoice. */

const year = parisToday().slice(0, 4);
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);
const line = (page: Page, n: number) => page.getByRole('group', { name: `Ligne ${n}` });

/** Issues the open draft invoice (status 'Envoyée'): it gets its number. */
async function issueOpenInvoice(page: Page) {
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Émettre la facture ?' }).getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(page.getByText(/^Facture émise : son contenu est figé/)).toBeVisible();
}

test('tracked time: 4,75 h at 65 €/h on a task → "Facturer le temps" on the project → issue; the task shows its invoice', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Boulangerie Aubert', email: 'aubert@exemple.fr', ...CLIENT_ADDRESS });
  const project = await api.post('/projects/', { name: 'Site vitrine', contact_ids: [client.id], status: 'en_cours' });

  // The time is tracked on the task's page.
  await signInAs(page, request, user, `/tasks/new?project_id=${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tâche' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Titre/ }).fill('Maquettes');
  await page.getByRole('textbox', { name: 'Temps réel (heures)' }).fill('4,75');
  await page.getByRole('checkbox', { name: 'Facturable' }).check();
  await page.getByRole('textbox', { name: 'Tarif horaire (€)' }).fill('65');
  await page.getByRole('button', { name: 'Créer la tâche' }).click();
  await expect(page.getByText('Tâche créée avec succès.')).toBeVisible();

  // "Facturer le temps" on the project page: one line, 4,75 × 65 € = 308,75 € HT.
  await page.goto(`/projects/${project.id}`);
  const panel = page.getByRole('region', { name: 'Tâches associées' });
  await expect(panel.getByRole('link', { name: 'Maquettes' })).toBeVisible();
  await panel.getByRole('button', { name: 'Facturer le temps' }).click();
  const dialog = page.getByRole('dialog', { name: 'Facturer le temps' });
  await expect(dialog.getByRole('checkbox', { name: 'Maquettes' })).toBeChecked();
  await expect(dialog.getByTestId('time-total')).toHaveText(money('308,75'));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();

  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(line(page, 1).getByRole('textbox', { name: 'Titre' })).toHaveValue('Maquettes');
  await expect(line(page, 1).getByRole('textbox', { name: 'Quantité' })).toHaveValue(/^4,75$/);
  await expect(page.getByTestId('total-ttc')).toHaveText(money('370,50'));
  await issueOpenInvoice(page);
  const number = `FAC-${year}-0001`;
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible();

  // The task names its invoice, and is not offered again.
  await page.goto(`/projects/${project.id}`);
  await expect(panel.getByRole('link', { name: `Facturée ${number} : ouvrir la facture` })).toBeVisible();
  await panel.getByRole('button', { name: 'Facturer le temps' }).click();
  await expect(dialog.getByText('Rien à facturer sur ce projet : aucune saisie de temps facturable (ni tâche facturable avec du temps estimé) qui ne soit déjà facturée.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await page.goto('/tasks');
  await expect(page.getByRole('link', { name: `Facturée ${number} : ouvrir la facture` })).toBeVisible();
});

test('a sent quote → 30 % deposit invoice, issued → final invoice deducting it: "Reste à payer" 70 %', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Librairie Colette', email: 'colette@exemple.fr', ...CLIENT_ADDRESS });
  // 1 000 € HT at 20 %: 1 200 € TTC.
  const quote = await api.post('/quotes/', {
    title: 'Verrière de l’atelier', client_id: client.id, status: 'sent',
    line_items: [{ title: 'Pose de la verrière', quantity: 1, unit_price: 1000, tax_rate: 20 }],
  });

  await signInAs(page, request, user, `/quotes/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Devis ${quote.quote_number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Facture d’acompte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Facture d’acompte' });
  await expect(dialog.getByRole('radio', { name: 'Pourcentage du devis' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Pourcentage (%)' }).fill('30');
  await expect(dialog.getByText(/^Acompte : 360,00\s€ TTC$/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Créer la facture d’acompte' }).click();

  // The deposit invoice: a draft, one line at 20 %, 360 € TTC; issued, it takes the next FAC- number.
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByText(/la facture finale du devis la déduira/)).toBeVisible();
  await expect(line(page, 1).getByRole('textbox', { name: 'Titre' })).toHaveValue(`Acompte de 30 % sur le devis ${quote.quote_number}`);
  await expect(page.getByTestId('total-ttc')).toHaveText(money('360,00'));
  await issueOpenInvoice(page);
  const depositNumber = `FAC-${year}-0001`;
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${depositNumber}` })).toBeVisible();

  // Back on the quote: its deposit, 840 € left to bill; then the final invoice.
  await page.getByRole('link', { name: quote.quote_number }).click();
  await expect(page.getByTestId('remaining')).toHaveText(money('840,00'));
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Convertir' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await issueOpenInvoice(page);
  await expect(page.getByRole('heading', { level: 1, name: `Facture FAC-${year}-0002` })).toBeVisible();

  // The deduction: 1 200 € TTC, deposit −360 €, 840 € due; the payment form offers 840 €.
  const deposits = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Acomptes', exact: true }) });
  await expect(deposits.getByRole('link', { name: depositNumber })).toBeVisible();
  await expect(deposits.getByTestId('due-after-deposits')).toHaveText(money('840,00'));
  await expect(page.getByTestId('ledger-total')).toHaveText(money('1 200,00'));
  await expect(page.getByTestId('ledger-balance')).toHaveText(money('840,00'));
  await expect(page.getByRole('form', { name: 'Enregistrer un paiement' }).getByRole('textbox', { name: 'Montant (€)' })).toHaveValue(/^840,00$/);
  await expectAccessible(page);
});
