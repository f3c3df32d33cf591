import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { addDays, parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, E2E_DATA_DIR, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, readOutbox, signInAs } from './support/app';

/**
 * Reminders (issue 15): an overdue invoice → 'Relancer' → confirm → the reminder's .eml lands in
 * the outbox with its subject, and the invoice page lists it. The server's clock cannot be moved:
 * the invoice is issued today through the API, then its dates are moved 40 days back in the e2e
 * database (SQLite, the suite's own DATA_DIR), as if it had been issued then.
 */

function backdate(invoiceId: number, issueDate: string, dueDate: string) {
  const db = new Database(path.join(E2E_DATA_DIR, 'carnet.sqlite3'));
  try {
    db.prepare('update invoices set issue_date = ?, end_date = ? where id = ?').run(issueDate, dueDate, invoiceId);
  } finally {
    db.close();
  }
}

test('an overdue invoice → "Relancer" → confirm → the reminder e-mail in the outbox, listed on the invoice', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const email = `relance.${Date.now()}@exemple.fr`;
  const client = await api.post('/contacts/', { name: 'Boulangerie Martin', email, ...CLIENT_ADDRESS });
  const draft = await api.post('/invoices/', {
    title: 'Site vitrine',
    client_id: client.id,
    line_items: [{ title: 'Développement', description: '', quantity: 2, unit_price: 500 }],
  });
  const current = await api.get(`/invoices/${draft.id}/`);
  const invoice = await api.put(`/invoices/${draft.id}/`, { ...current, client_id: client.id, status: 'sent' });
  const today = parisToday();
  backdate(invoice.id, addDays(today, -40), addDays(today, -10));

  await signInAs(page, request, user, `/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoice.invoice_number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Relancer' }).click();
  const dialog = page.getByRole('dialog', { name: `Relancer la facture ${invoice.invoice_number}` });
  await expect(dialog.getByTestId('reminder-level')).toHaveText('Relance');
  await expect(dialog.getByTestId('reminder-recipient')).toHaveText(email);
  await dialog.getByRole('button', { name: 'Envoyer la relance' }).click();
  await expect(page.getByText(`Relance envoyée à ${email}.`)).toBeVisible();

  // The outbox delivers it as a .eml, the archived PDF attached.
  await expect.poll(() => readOutbox(E2E_DATA_DIR).filter((mail) => mail.to.includes(email)).length).toBe(1);
  const [mail] = readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(email));
  // The built-in template of the first level (issue 28): {montant} is what is still due, TTC for a VAT-registered seller.
  expect(mail.subject).toBe(`Relance — Facture ${invoice.invoice_number} — 1\u202f200,00\u00a0€ TTC restant dû`);
  expect(mail.text.replace(/=\r?\n/g, '')).toContain('Sauf erreur ou omission de notre part');
  expect(mail.text).toContain('application/pdf');

  // Listed on the invoice, sent.
  const table = page.getByRole('table', { name: 'Relances envoyées pour la facture' });
  await expect(table).toContainText(email);
  await expect(table).toContainText(/Envoyée le /, { timeout: 10_000 });

  await expectAccessible(page);

  // Not two reminders the same week (issue 28): the dialog says when the next may go, and sends nothing.
  const inAWeek = addDays(today, 7).split('-').reverse().join('/');
  await page.getByRole('button', { name: 'Relancer' }).click();
  await expect(page.getByRole('dialog').getByText(`la suivante pourra partir à partir du ${inAWeek}`)).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Envoyer la relance' })).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();

  // The reminders, in the profile: automatic ones off by default, then on with their delays; no spacing.
  await page.goto('/profile');
  const settings = page.getByRole('form', { name: 'Relances automatiques' });
  await expect(settings.getByLabel('Première relance (jours après l’échéance)')).toHaveValue('7');
  await settings.getByLabel('Relancer automatiquement les factures en retard').check();
  await settings.getByLabel('Deuxième relance (jours après l’échéance)').fill('20');
  await settings.getByLabel('Écart minimum entre deux relances (jours)').fill('0');
  await settings.getByRole('button', { name: 'Enregistrer les relances' }).click();
  await expect(page.getByText('Réglages des relances enregistrés.')).toBeVisible();
  expect(await api.get('/profile/reminders/')).toEqual({
    auto_reminders: true, reminder_1_days: 7, reminder_2_days: 20, reminder_3_days: null, reminder_spacing_days: 0,
  });
  await expectAccessible(page);

  // Without a spacing, the next one, the second, may go at once.
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Relancer' }).click();
  await expect(page.getByRole('dialog').getByTestId('reminder-level')).toHaveText('Deuxième relance');
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
});
