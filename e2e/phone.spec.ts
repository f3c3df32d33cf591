import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, type TestUser } from './support/app';

/** Issue 18: a freelancer between two meetings, on a phone. */
const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 768 } as const;

const today = parisToday();
const money = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}\\s€$`);

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Nothing wider than the screen: no sideways scrolling anywhere. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Entirely on screen horizontally (a list's amount or status is not pushed off the edge). */
async function expectWithinWidth(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

/** A client, a billable task of a project for them, and an issued invoice half paid. */
async function freelancerWithWork(request: Parameters<typeof apiAs>[0]): Promise<TestUser & { invoiceId: number; taskId: number }> {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const colette = await api.post('/contacts/', {
    name: 'Librairie Colette',
    email: 'colette.phone@exemple.fr',
    phone: '02 99 00 11 22',
    category: 'client',
    ...CLIENT_ADDRESS,
  });
  await api.post('/contacts/', { name: 'Imprimerie Dupré', email: 'dupre.phone@exemple.fr', category: 'partenaire' });
  const project = await api.post('/projects/', { name: 'Site vitrine', status: 'en_cours', contact_ids: [colette.id] });
  const task = await api.post('/tasks/', {
    title: 'Maquettes de la page d’accueil',
    status: 'en_cours',
    project_id: project.id,
    due_date: addDays(today, 3),
    billable: true,
    hourly_rate: 50,
  });
  const invoice = await api.post('/invoices/', {
    title: 'Refonte du site — acompte',
    client_id: colette.id,
    status: 'sent',
    issue_date: today,
    due_date: addDays(today, 30),
    tax_rate: 20,
    line_items: [{ title: 'Maquettes', quantity: 1, unit_price: 1000 }],
  });
  await api.post(`/invoices/${invoice.id}/payments/`, { date: today, amount: 500, method: 'virement' });
  return { ...user, invoiceId: invoice.id, taskId: task.id };
}

/** The phone's menu, then one of its links. */
async function goVia(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
}

test('on a phone: sign in, open the menu, find a contact, log time on a task, read an invoice’s balance', async ({ page, request }) => {
  const user = await freelancerWithWork(request);

  // The landing page, then sign in.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Simplifiez votre activité de freelance avec un seul outil' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'Connexion' }).click();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The sidebar is not there until the header's button opens it; Escape closes it.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Factures', exact: true })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Shift+Tab');
  await expect(menu.getByRole('link', { name: 'Rapports', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Find a contact: the search icon opens the field over the header.
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const searchField = page.getByRole('combobox', { name: 'Recherche globale' });
  await expect(searchField).toBeFocused();
  await expectWithinWidth(searchField);
  await searchField.fill('colette');
  const results = page.getByRole('listbox', { name: 'Résultats de la recherche' });
  await results.getByRole('option', { name: /Librairie Colette/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le contact' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Librairie Colette');
  await expect(searchField).toBeHidden();
  await expectNoSidewaysScroll(page);

  // The contact list: a card per contact, name and e-mail on screen.
  await goVia(page, 'Contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('colette');
  const contactCard = page.getByRole('row').filter({ hasText: 'Librairie Colette' });
  await expectWithinWidth(contactCard.getByRole('link', { name: 'Librairie Colette' }));
  await expectWithinWidth(contactCard.getByText('colette.phone@exemple.fr'));
  await expect(contactCard.getByText('02 99 00 11 22')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Log time on a task: its card shows title, status and due date; the decimal comma is accepted.
  await goVia(page, 'Tâches');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des tâches' })).toBeVisible();
  const taskCard = page.getByRole('row').filter({ hasText: 'Maquettes de la page d’accueil' });
  await expectWithinWidth(taskCard.getByText('En cours'));
  await expectWithinWidth(taskCard.locator('td[data-label="Échéance"]'));
  await expect(taskCard.locator('td[data-label="Priorité"]')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await taskCard.getByRole('link', { name: 'Maquettes de la page d’accueil' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${user.taskId}$`));
  await page.getByLabel('Temps réel (heures)').fill('1,5');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Tâche mise à jour avec succès.').first()).toBeVisible();
  await expect(page.getByLabel('Coût total')).toHaveValue(money('75,00'));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Read an invoice's balance: the card shows title, client, status, amount, what is left to pay
  // and the due date (issue 28), the page the same balance.
  await goVia(page, 'Factures');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des factures' })).toBeVisible();
  const invoiceCard = page.getByRole('row').filter({ hasText: 'Refonte du site — acompte' });
  await expectWithinWidth(invoiceCard.getByText('Partiellement payée'));
  await expectWithinWidth(invoiceCard.getByText(money('1 200,00')));
  await expectWithinWidth(invoiceCard.locator('td[data-label="Reste dû"]'));
  await expect(invoiceCard.locator('td[data-label="Reste dû"]')).toHaveText(money('700,00'));
  await expectWithinWidth(invoiceCard.getByRole('link', { name: 'Librairie Colette' }));
  await expectWithinWidth(invoiceCard.locator('td[data-label="Date Échéance"]'));
  await expect(invoiceCard.locator('td[data-label="Date Création"]')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await invoiceCard.getByRole('link', { name: 'Refonte du site — acompte' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${user.invoiceId}$`));
  const balance = page.getByTestId('ledger-balance');
  await balance.scrollIntoViewIfNeeded();
  await expect(balance).toHaveText(money('700,00'));
  await expectWithinWidth(balance);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

/**
 * Every screen, on the phone and on a laptop: no serious axe violation (issue 18). One test per
 * size and side of the sign-in, so that the suite's parallel workers share them.
 */
const SIGNED_OUT_PATHS = ['/', '/login', '/login?mode=register', '/reset-password', '/page-inexistante'];

for (const [sizeName, size] of [['390 × 844', PHONE], ['1366 × 768', LAPTOP]] as const) {
  test(`every signed-out page passes axe at ${sizeName}`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of SIGNED_OUT_PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
  });

  test(`every signed-in page passes axe at ${sizeName}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await freelancerWithWork(request);
    const api = await apiAs(request, user);
    const [contact] = await api.get('/contacts/');
    const [project] = await api.get('/projects/');
    const quote = await api.post('/quotes/', { title: 'Devis refonte', client_id: contact.id, line_items: [{ title: 'Maquettes', quantity: 2, unit_price: 300 }] });
    const signedIn = [
      '/dashboard',
      '/contacts',
      `/contacts/${contact.id}`,
      '/contacts/new',
      '/projects',
      `/projects/${project.id}`,
      '/tasks',
      `/tasks/${user.taskId}`,
      '/quotes',
      `/quotes/${quote.id}`,
      '/invoices',
      `/invoices/${user.invoiceId}`,
      '/invoices/new',
      '/credit-notes',
      '/reports',
      '/activities',
      '/profile',
    ];

    await page.setViewportSize(size);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    for (const path of signedIn) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Lists and panels load after the heading: check them loaded, not their spinners.
      await expect(page.locator('[role="status"]', { hasText: /^Chargement/ })).toHaveCount(0);
      await expectAccessible(page);
      if (size === PHONE) await expectNoSidewaysScroll(page);
    }
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
}
