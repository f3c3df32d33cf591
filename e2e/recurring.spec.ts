import { expect, test, type Page } from '@playwright/test';
import { addDays, parisToday } from '../src/shared/dates';
import { addMonths, occurrenceDate } from '../src/shared/recurring';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

const today = parisToday();
const FRENCH_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const french = (iso: string) => FRENCH_DATE.format(new Date(`${iso}T00:00:00Z`));
/** Money as a reader sees it, whatever the spaces fr-FR puts in it. */
const money = (text: string) => new RegExp(text.replace(/\s/g, '\\s'));

/** The user with a complete profile, a client and the API. */
async function setUp(request: Parameters<typeof createActivatedUser>[0], email: string) {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Cabinet Morel', email, ...CLIENT_ADDRESS });
  return { user, api, client };
}

const recurringRow = (page: Page) => page.getByRole('table', { name: 'Factures récurrentes' }).getByRole('row').filter({ hasText: 'Cabinet Morel' });

test('recurring invoices: a draft made monthly from today is issued as the first occurrence (no copy), listed, paused and resumed', async ({ page, request }) => {
  // Set-up through the API: the issuer, a client and a draft invoice of 90 € TTC.
  const { user, api, client } = await setUp(request, 'morel.recurring@exemple.fr');
  const invoice = await api.post('/invoices/', {
    title: 'Maintenance du site', client_id: client.id,
    line_items: [{ title: 'Maintenance', description: '', quantity: 1, unit_price: 75, tax_rate: 20 }],
  });

  // « Rendre récurrente » on the invoice's page, by keyboard where it matters.
  await signInAs(page, request, user, `/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Rendre récurrente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rendre la facture récurrente' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Fréquence' })).toHaveValue('monthly');
  // An end before the start is refused in French, before asking the server.
  await dialog.getByLabel('Date de fin (facultative)').fill(addMonths(today, -1));
  await dialog.getByRole('button', { name: 'Rendre récurrente' }).click();
  await expect(dialog.getByText('La date de fin ne peut pas précéder la date de début.').first()).toBeVisible();
  await dialog.getByLabel('Date de fin (facultative)').fill('');
  await expect(dialog.getByRole('radio', { name: 'Créer un brouillon' })).toBeChecked();
  // What becomes of this draft: the first occurrence, issued now.
  await expect(dialog.getByRole('note')).toContainText('Ce brouillon devient la première facture de la série');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Rendre récurrente' }).press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Émettre la facture maintenant ?' });
  await expect(question).toContainText('numéro définitif');
  await question.getByRole('button', { name: 'Émettre et rendre récurrente' }).click();
  await expect(page.getByText(`Facture récurrente créée : prochaine facture le ${french(addMonths(today, 1))}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The draft itself is now the issued first occurrence, named as such; it cannot be made recurring twice.
  await expect(page.getByRole('heading', { level: 1, name: /^Facture FAC-\d{4}-\d{4}$/ })).toBeVisible();
  await expect(page.getByText('Première facture de la')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rendre récurrente' })).toHaveCount(0);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Facture ', '');

  // No duplicate: one invoice « Maintenance du site », this one.
  const invoices = (await api.get('/invoices/')) as { id: number; title: string }[];
  expect(invoices.filter((i) => i.title === 'Maintenance du site').map((i) => i.id)).toEqual([invoice.id]);

  // From the invoice list to the recurring invoices.
  await page.goto('/invoices');
  await page.getByRole('link', { name: 'Factures récurrentes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures récurrentes' })).toBeVisible();
  const row = recurringRow(page);
  await expect(row).toContainText('Maintenance du site');
  await expect(row).toContainText(money('90,00 €'));
  await expect(row).toContainText('Mensuelle');
  await expect(row).toContainText('Créer un brouillon');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(`Dernière : ${number}`);
  await expect(row).toContainText(french(addMonths(today, 1)));

  // Pause, then resume.
  await row.getByRole('button', { name: /Mettre en pause/ }).click();
  await expect(page.getByText('Récurrence mise en pause.')).toBeVisible();
  await expect(row).toContainText('En pause');
  await row.getByRole('button', { name: /Reprendre/ }).click();
  await expect(row).toContainText('Active');
  await expectAccessible(page);

  // Stopping asks first.
  await row.getByRole('button', { name: /Arrêter/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Arrêter la récurrence' });
  await confirm.getByRole('button', { name: 'Arrêter' }).click();
  await expect(row).toContainText('Arrêtée');
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('recurring invoices: the series’ price is changed in its editor, and the next occurrence generated bills it', async ({ page, request }) => {
  // An invoice issued 40 days ago (the first occurrence), made monthly: the next one is due in about three weeks.
  const { user, api, client } = await setUp(request, 'morel.edit@exemple.fr');
  const issuedOn = addDays(today, -40);
  const invoice = await api.post('/invoices/', {
    title: 'Hébergement', client_id: client.id, status: 'sent', issue_date: issuedOn,
    line_items: [{ title: 'Serveur', description: '', quantity: 1, unit_price: 100, tax_rate: 20 }],
  });
  expect(invoice.invoice_number).toMatch(/^FAC-/);

  await signInAs(page, request, user, `/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Rendre récurrente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rendre la facture récurrente' });
  const next = occurrenceDate(issuedOn, 'monthly', 2);
  await expect(dialog.getByRole('note')).toContainText(`est la première de la série : la suivante sera créée le ${french(next)}`);
  await expect(dialog.getByLabel(/Date de la première facture/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Rendre récurrente' }).click();
  await expect(page.getByText(`Facture récurrente créée : prochaine facture le ${french(next)}.`)).toBeVisible();

  // « Modifier » on the list opens the series' editor.
  await page.goto('/invoices/recurring');
  await recurringRow(page).getByRole('link', { name: /^Modifier/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier la facture récurrente' })).toBeVisible();
  const summary = page.getByText(/^Prochaine facture le /);
  await expect(summary).toContainText(french(next));
  await expect(summary).toContainText(money('120,00 € TTC'));

  // The new price, and the next invoice brought to today: the summary follows as it is typed.
  const price = page.getByLabel(/Prix unitaire HT/);
  await price.fill('150');
  await page.getByLabel(/^Prochaine facture/).fill(today);
  await expect(summary).toContainText(money('180,00 € TTC'));
  await expect(summary).toContainText(french(today));

  // Accessible on a phone and on a laptop.
  for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
  }

  // Leaving unsaved asks first.
  await page.getByRole('link', { name: '← Factures récurrentes' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
  await leave.getByRole('button', { name: 'Rester sur la page' }).click();
  // The question closes first (its « Quitter sans enregistrer » would match too while it fades).
  await expect(leave).toBeHidden();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Facture récurrente enregistrée : la prochaine facture suivra ces changements.')).toBeVisible();

  // Due today: the server's job runner generates it, a draft at the new price.
  const row = recurringRow(page);
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Dernière : brouillon', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(money('180,00 €'));
  await row.getByRole('link', { name: /brouillon #\d+/ }).click();
  await expect(page.getByLabel(/Prix unitaire HT/)).toHaveValue(/^150/);
  await expect(page.getByText(money('180,00 €')).first()).toBeVisible();

  // The issued first occurrence is untouched: 120 €.
  const first = await api.get(`/invoices/${invoice.id}/`);
  expect(first).toMatchObject({ invoice_number: invoice.invoice_number, total_amount: 120, pdf_sha256: invoice.pdf_sha256 });
});
