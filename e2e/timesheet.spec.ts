import { expect, test } from '@playwright/test';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

/**
 * Issue 28: a timer started on a task runs in the header on every page and stops from anywhere;
 * the week's timesheet takes typed durations; « Facturer le temps » then bills the entries, one
 * line each, in hours. Axe-clean at 390 × 844 and 1366 × 768.
 */
test('header timer, weekly timesheet, then the entries billed', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  // Exact durations when billing, so that the lines read as typed.
  await api.put('/time-entries/settings/', { time_rounding_minutes: 0 });
  const client = await api.post('/contacts/', { name: 'Agence Bleue', category: 'client', ...CLIENT_ADDRESS });
  const project = await api.post('/projects/', { name: 'Site vitrine', contact_ids: [client.id], status: 'en_cours', hourly_rate: 80 });
  const task = await api.post('/tasks/', { title: 'Maquettes', project_id: project.id, billable: true, hourly_rate: 80 });

  // The timer, started on the task's page.
  await signInAs(page, request, user, `/tasks/${task.id}`);
  const panel = page.getByRole('region', { name: 'Temps passé' });
  await expect(panel.getByText('Aucune saisie de temps pour cette tâche.')).toBeVisible();
  await panel.getByRole('button', { name: 'Démarrer le chronomètre' }).click();
  const header = page.getByRole('group', { name: 'Chronomètre en cours' });
  await expect(header.getByRole('link', { name: 'Maquettes' })).toBeVisible();
  await expect(header.getByRole('timer')).toHaveText(/^0:00:0\d$/);
  // On a phone: the clock and « Arrêter » fit in the header (the task's title is left to the link's name).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole('button', { name: 'Arrêter le chronomètre de « Maquettes »' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Still running on another page: the timesheet, from the sidebar.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Feuille de temps' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feuille de temps' })).toBeVisible();
  await expect(header).toBeVisible();
  await expectAccessible(page);
  // Stopped from the header, by keyboard.
  await header.getByRole('button', { name: 'Arrêter le chronomètre de « Maquettes »' }).focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveCount(0);

  // The week: the task's row (the run is today's); a typed « 1:30 » on Monday, « 45 min » on Tuesday.
  const sheet = page.getByRole('table', { name: /^Semaine du / });
  const monday = sheet.getByRole('textbox', { name: /^Maquettes, lundi/ });
  await monday.fill('1:30');
  await monday.press('Enter');
  await expect(page.getByText('Temps enregistré.').first()).toBeVisible();
  const tuesday = sheet.getByRole('textbox', { name: /^Maquettes, mardi/ });
  await tuesday.fill('45 min');
  await tuesday.press('Tab');
  await expect(tuesday).toHaveValue('0:45');
  await expect(sheet.getByRole('row', { name: /^Maquettes/ }).getByRole('cell').last()).toHaveText(/^2:1\d$/);
  // An unreadable duration is refused in French, nothing saved.
  const wednesday = sheet.getByRole('textbox', { name: /^Maquettes, mercredi/ });
  await wednesday.fill('beaucoup');
  await wednesday.press('Enter');
  await expect(page.getByText('Durée illisible : écrivez par exemple « 1:30 », « 1,5 » ou « 90 min ».')).toBeVisible();
  await wednesday.fill('');
  await wednesday.press('Enter');

  // The previous week is empty; back to this one.
  await page.getByRole('button', { name: 'Semaine précédente' }).click();
  await expect(page.getByText('Aucun temps saisi cette semaine')).toBeVisible();
  await page.getByRole('button', { name: 'Cette semaine' }).click();
  await expect(sheet).toBeVisible();

  // On a phone: the sheet scrolls, its cells still typeable; axe-clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(monday).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Billing: one line per entry, in hours at the task's rate.
  await page.goto(`/projects/${project.id}`);
  // The « Budget » block: the time recorded, in hours and at the rate.
  await expect(page.getByRole('region', { name: 'Budget' })).toContainText(/Temps enregistré2,25 h · 180,\d\d\s€/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Facturer le temps' }).click();
  const dialog = page.getByRole('dialog', { name: 'Facturer le temps' });
  // Each entry listed with its hours and amount, as the invoice will bill it.
  const detail = dialog.getByRole('list', { name: 'Détail : Maquettes' });
  await expect(detail.getByRole('listitem').filter({ hasText: /: 1,5 h × 80,00\s€ = 120,00\s€$/ })).toBeVisible();
  await expect(detail.getByRole('listitem').filter({ hasText: /: 0,75 h × 80,00\s€ = 60,00\s€$/ })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Créer la facture' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByText('Facture brouillon créée : vérifiez-la, puis émettez-la.')).toBeVisible();
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  const invoice = await api.get(`/invoices/${invoiceId}/`);
  const quantities = invoice.line_items.map((l: { quantity: number }) => l.quantity).sort((a: number, b: number) => a - b);
  expect(quantities.slice(-2)).toEqual([0.75, 1.5]);
  expect(invoice.line_items.every((l: { unit: string; unit_price: number }) => l.unit === 'HUR' && l.unit_price === 80)).toBe(true);

  // The entries are billed: the task's page shows it, and they can no longer be edited there.
  await page.goto(`/tasks/${task.id}`);
  await expect(panel.getByText('Facturée (brouillon)').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Modifier la saisie/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Time recorded later on the billed task is still to bill, and only it.
  await api.post('/time-entries/', { task_id: task.id, started_at: new Date(Date.now() - 3_600_000).toISOString(), duration_seconds: 1800 });
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'Facturer le temps' }).click();
  await expect(dialog.getByRole('list', { name: 'Détail : Maquettes' }).getByRole('listitem')).toHaveText([/: 0,5 h × 80,00\s€ = 40,00\s€$/]);
  await expect(dialog.getByTestId('time-total')).toHaveText(/^40,00\s€$/);
});
