import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createActivatedUser, expectAccessible, signInAs } from './support/app';

/**
 * « Factures reçues » (issue 26), as a freelancer uses it: a supplier's Factur-X PDF received by
 * e-mail is imported from the sidebar's page, read (supplier, lines, totals), approved then marked
 * paid; importing it again (as its XML) is refused as already filed; the purchases register
 * downloads as CSV. axe at 390 × 844 and 1366 × 768.
 */

const EXAMPLES = path.join(__dirname, '..', 'src', 'server', 'einvoicing', '__tests__', 'official-examples', 'invoices');
const PDF = path.join(EXAMPLES, 'UC1_F202500003_00-INV_20250701.pdf');
const CII = path.join(EXAMPLES, 'UC1_F202500003_00-INV_20250701_CII.xml');

async function accessibleAtBothSizes(page: Page) {
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

test('a supplier’s Factur-X imported, read, approved and paid; a second copy refused; the purchases register', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  await signInAs(page, request, user);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Factures reçues' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures reçues' })).toBeVisible();
  await expect(page.getByText('Aucune facture reçue')).toBeVisible();
  await accessibleAtBothSizes(page);

  await page.getByLabel('Fichier de la facture').setInputFiles(PDF);
  await expect(page.getByRole('heading', { level: 1, name: 'Facture F202500003' })).toBeVisible();
  await expect(page.getByText(/^De LE VENDEUR, reçue le/)).toBeVisible();
  await expect(page.getByRole('cell', { name: /SERVICE_FOURNI1/ })).toBeVisible();
  await expect(page.getByLabel('Totaux')).toContainText('12 000,00');
  await expect(page.getByText('À traiter')).toBeVisible();
  await accessibleAtBothSizes(page);

  // The PDF downloads as the supplier sent it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
  expect((await download).suggestedFilename()).toBe('UC1_F202500003_00-INV_20250701.pdf');

  await page.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByText('Facture marquée « Approuvée ».')).toBeVisible();
  await page.getByRole('button', { name: 'Paiement effectué' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Paiement effectué' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approuver' })).toHaveCount(0);

  // Back to the list: the same invoice as its XML is recognised and not filed twice.
  await page.getByRole('link', { name: 'Retour aux factures reçues' }).click();
  await expect(page.getByRole('link', { name: 'F202500003' })).toBeVisible();
  await page.getByLabel('Fichier de la facture').setInputFiles(CII);
  await expect(page.getByRole('alert')).toContainText('La facture F202500003 de LE VENDEUR est déjà dans vos factures reçues.');
  await expect(page.getByRole('link', { name: 'F202500003' })).toHaveCount(1);

  const register = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Registre des achats (CSV)' }).click();
  const file = await register;
  expect(file.suggestedFilename()).toMatch(/^registre-des-achats-\d{4}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Date;Fournisseur;SIREN;Numéro;HT;TTC');
});
