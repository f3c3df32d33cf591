import { expect, test, type Page } from '@playwright/test';
import { PNG_LOGO } from './support/branding-fixtures';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

/**
 * Issue 28: the freelancer's logo and accent colour, and the catalogue picked in the line editor,
 * as a person does it, in French; axe clean on the new screens on a phone and a laptop.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test('sets a logo and a colour, fills a catalogue and picks from it in a quote', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Librairie Colette', email: 'colette@exemple.fr', ...CLIENT_ADDRESS });

  await signInAs(page, request, user, '/profile');
  const branding = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Logo et couleur' }) });
  await expect(branding.getByText('Aucun logo pour l’instant.')).toBeVisible();
  await branding.getByLabel('Choisir un logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>') });
  await expect(branding.getByText(/Ce SVG contient des scripts/)).toBeVisible();
  await branding.getByLabel('Choisir un logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_LOGO });
  await expect(branding.getByRole('img', { name: 'Votre logo' })).toBeVisible();
  const colour = branding.getByRole('textbox', { name: 'Couleur d’accent (#RRGGBB)' });
  await colour.fill('#ffeb3b');
  await expect(branding.getByText(/Cette couleur est trop claire/)).toBeVisible();
  await colour.fill('#7a1f5c');
  await branding.getByRole('button', { name: 'Enregistrer la couleur' }).click();
  await expect(branding.getByText('Couleur enregistrée.')).toBeVisible();

  await page.getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByText('Votre catalogue est vide')).toBeVisible();
  for (const [title, price, unit] of [['Atelier UX', '450', 'Jour'], ['Développement web', '85,5', 'Heure']]) {
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.getByRole('textbox', { name: /^Titre/ }).fill(title);
    await dialog.getByRole('combobox', { name: 'Unité' }).selectOption({ label: unit });
    await dialog.getByRole('textbox', { name: /Prix unitaire/ }).fill(price);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }).fill('develop');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Développement web']);

  await page.goto('/quotes/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau devis' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Titre/ }).first().fill('Refonte');
  await page.getByRole('combobox', { name: /^Client/ }).selectOption(String(client.id));
  const picker = page.getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
  await picker.click();
  await picker.fill('atelier');
  await expect(page.getByRole('option', { name: /Atelier UX/ })).toBeVisible();
  await picker.press('Enter');
  const line = page.getByTestId('line-item').last();
  await expect(line.getByRole('textbox', { name: /Titre/ })).toHaveValue('Atelier UX');
  await expect(line.getByRole('combobox', { name: 'Unité' })).toHaveValue('DAY');
  // The first line, left empty, goes.
  await page.getByRole('button', { name: 'Supprimer la ligne 1' }).click();
  await page.getByRole('button', { name: 'Créer le devis' }).click();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split('/').pop());
  const quote = await api.get(`/quotes/${quoteId}/`);
  expect(quote.line_items).toEqual([expect.objectContaining({ title: 'Atelier UX', unit: 'DAY', unit_price: 450 })]);
});

test('the new screens pass axe at 390 × 844 and 1366 × 768', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  await api.post('/catalogue/', { title: 'Atelier UX', description: 'Une demi-journée en équipe', unit: 'DAY', unit_price: 450, tax_rate: 20 });
  await signInAs(page, request, user, '/catalogue');
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/catalogue');
    await expect(page.getByRole('heading', { level: 2, name: 'Atelier UX' })).toBeVisible();
    await expectAccessible(page);
    if (size === PHONE) await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouvel article' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Logo et couleur' })).toBeVisible();
    await expect(page.locator('[role="status"]', { hasText: /^Chargement/ })).toHaveCount(0);
    await expectAccessible(page);
    if (size === PHONE) await noSidewaysScroll(page);

    await page.goto('/quotes/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau devis' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
    await picker.click();
    await expect(page.getByRole('option', { name: /Atelier UX/ })).toBeVisible();
    await expectAccessible(page);
    await picker.press('Escape');
  }
});
