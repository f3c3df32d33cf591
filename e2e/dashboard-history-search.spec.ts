import { expect, test, type Page } from '@playwright/test';
import { addDays, parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

const today = parisToday();

/** fr-FR amounts use narrow no-break spaces: match any space. */
const money = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Recherche globale' });

/** The page fits a 360 px phone: nothing makes it scroll sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize(viewport);
}

async function search(page: Page, text: string) {
  await searchBox(page).click();
  await searchBox(page).fill(text);
  return page.getByRole('listbox', { name: 'Résultats de la recherche' });
}

test('dashboard, activity history and global search show what was just created, and lead to it', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);

  // A contact, an ongoing project for them, a paid invoice and an invoice awaiting payment
  // (issued invoices need the issuer's and the client's legal details).
  await fillIssuerProfile(api, user);
  const contact = await api.post('/contacts/', { name: 'Bérénice Fontaine', email: 'berenice@exemple.fr', category: 'client', ...CLIENT_ADDRESS });
  const project = await api.post('/projects/', {
    name: 'Refonte boutique',
    status: 'en_cours',
    priority: 'haute',
    contact_ids: [contact.id],
    due_date: addDays(today, 20),
  });
  const invoice = await api.post('/invoices/', {
    title: 'Acompte refonte',
    client_id: contact.id,
    status: 'sent',
    issue_date: today,
    due_date: addDays(today, 30),
    tax_rate: 20,
    line_items: [{ title: 'Maquettes', quantity: 1, unit_price: 1000 }],
  });
  // Paid: a payment of its whole total.
  await api.post(`/invoices/${invoice.id}/payments/`, { date: today, amount: 1200, method: 'virement' });
  await api.post('/invoices/', {
    title: 'Solde refonte',
    client_id: contact.id,
    status: 'sent',
    issue_date: today,
    due_date: addDays(today, 15),
    tax_rate: 20,
    line_items: [{ title: 'Intégration', quantity: 2, unit_price: 750 }],
  });
  await api.post('/tasks/', { title: 'Valider les maquettes', status: 'en_cours', priority: 'urgent', project_id: project.id, due_date: addDays(today, -1) });

  // Dashboard: every section shows them.
  await signInAs(page, request, user, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

  const finance = page.getByRole('region', { name: 'Vue financière' });
  const paidThisMonth = finance.getByRole('link', { name: /Encaissé ce mois-ci/ });
  await expect(paidThisMonth).toContainText(money('1 200,00 €'));
  await expect(paidThisMonth).toContainText('1 facture payée');
  await expect(paidThisMonth).toHaveAttribute('href', '/invoices?paid_this_month=true');
  const outstanding = finance.getByRole('link', { name: /Factures à encaisser/ });
  await expect(outstanding).toContainText(money('1 800,00 €'));
  await expect(outstanding).toHaveAttribute('href', '/invoices?status=outstanding');
  await expect(finance.getByRole('link', { name: /Devis en attente/ })).toHaveAttribute('href', '/quotes?status=pending');
  await expect(finance.getByRole('link', { name: /Factures en retard/ })).toHaveAttribute('href', '/invoices?status=overdue');
  const nextPayment = finance.getByRole('link', { name: /Prochain paiement attendu/ });
  await expect(nextPayment).toContainText('Solde refonte · Bérénice Fontaine');
  await expect(nextPayment).toHaveAttribute('href', `/contacts/${contact.id}`);
  // The revenue chart counts the paid invoice HT (1 000 €), not TTC.
  await expect(finance.getByRole('img', { name: /Chiffre d'affaires encaissé par mois \(HT\)/ })).toBeVisible();
  await expect(finance.getByRole('group', { name: /Chiffre d'affaires encaissé sur 12 mois/ })).toContainText(money('Total : 1 000,00 € HT'));

  const projects = page.getByRole('region', { name: 'Projets en cours' });
  await expect(projects.getByRole('link', { name: 'Refonte boutique' })).toHaveAttribute('href', `/projects/${project.id}`);
  await expect(projects).toContainText('Bérénice Fontaine');

  const tasks = page.getByRole('region', { name: 'Prochaines tâches' });
  await expect(tasks.getByRole('listitem').first()).toContainText('Valider les maquettes');
  await expect(tasks.getByRole('listitem').first()).toContainText('en retard');

  const recent = page.getByRole('region', { name: 'Activité récente' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent.getByRole('link', { name: 'Valider les maquettes' })).toBeVisible();
  // The invoice twice: created, then updated by its payment.
  await expect(recent.getByRole('link', { name: 'Acompte refonte' })).toHaveCount(2);
  await expect(recent.getByRole('link', { name: 'Acompte refonte' }).first()).toHaveAttribute('href', `/invoices/${invoice.id}`);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await nextPayment.click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));
  await page.goBack();
  await recent.getByRole('link', { name: "Tout l'historique" }).click();

  // History: the five creations and the payment, each row leading to its object.
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: "Historique d'activité" })).toBeVisible();
  const table = page.getByRole('table', { name: "Historique d'activité" });
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByLabel('Action').selectOption('créé');
  await page.getByLabel("Type d'objet").selectOption('Contact');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('Bérénice Fontaine créé');
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('refonte');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  // Accents and case ignored, as in every search of the app (issue 18); an invoice's action agrees.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('BERENICE');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('Bérénice Fontaine créé');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('créée');
  await expect(table.locator('tbody tr').filter({ hasText: 'Acompte refonte créée' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Réinitialiser' }).click();

  for (const [label, path] of [
    ['Bérénice Fontaine', `/contacts/${contact.id}`],
    ['Refonte boutique', `/projects/${project.id}`],
    ['Acompte refonte', `/invoices/${invoice.id}`],
  ] as const) {
    const row = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: label, exact: true }) })
      .filter({ hasText: `${label} créé` });
    await expect(row).toContainText(`${label} créé`);
    // The whole row is the link: click its far end (the date), away from the label.
    const box = (await row.boundingBox())!;
    await row.click({ position: { x: box.width - 12, y: box.height / 2 } });
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.goBack();
    await expect(table).toBeVisible();
  }

  // Global search: finds each of them (accents and case ignored) and opens it.
  let results = await search(page, 'berenice');
  await expect(results.getByRole('group', { name: 'Contacts' }).getByRole('option')).toContainText(['Bérénice Fontaineberenice@exemple.fr']);
  await expect(results.getByRole('group', { name: 'Factures' }).getByRole('option')).toHaveCount(2);
  await expectAccessible(page);
  await results.getByRole('group', { name: 'Contacts' }).getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));

  results = await search(page, 'REFONTE BOUT');
  const projectOption = results.getByRole('group', { name: 'Projets' }).getByRole('option');
  await expect(projectOption).toHaveText(/Refonte boutique\s*En cours/);
  // Keyboard: the first result is the project.
  await searchBox(page).press('ArrowDown');
  await expect(projectOption).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  results = await search(page, 'acompte');
  const invoiceOption = results.getByRole('group', { name: 'Factures' }).getByRole('option');
  await expect(invoiceOption).toContainText('Acompte refonte');
  await expect(invoiceOption).toContainText('Bérénice Fontaine');
  await expect(invoiceOption).toContainText(money('1 200,00 €'));
  await expect(invoiceOption).toContainText('Payée');
  await invoiceOption.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));

  // Nothing found, then Escape closes.
  await search(page, 'zzzz introuvable');
  await expect(page.getByText('Aucun résultat pour "zzzz introuvable"')).toBeVisible();
  await searchBox(page).press('Escape');
  await expect(page.getByText('Aucun résultat pour "zzzz introuvable"')).toBeHidden();
});
