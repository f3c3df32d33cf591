import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import { CLIENT_ADDRESS, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

const frenchDate = parisToday().split('-').reverse().join('/');

test('journal integrity: check the journal of an issued invoice, download a checkpoint and check the journal against it', async ({
  page,
  request,
}) => {
  // Set-up through the API: the issuer, a client and one issued invoice (one journal entry).
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Librairie Colette', email: 'colette.journal@exemple.fr', ...CLIENT_ADDRESS });
  await api.post('/invoices/', {
    title: 'Atelier d’écriture', client_id: client.id, status: 'sent',
    line_items: [{ title: 'Atelier', description: '', quantity: 1, unit_price: 300, tax_rate: 20 }],
  });

  await signInAs(page, request, user, '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Rapports' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Intégrité du journal' });
  await expect(section).toContainText('art. 289 VII du CGI');

  // The check of the journal alone: one entry, no checkpoint taken yet.
  await section.getByRole('button', { name: 'Vérifier le journal' }).click();
  await expect(section.getByText('Journal intègre : 1 entrée(s) vérifiée(s).', { exact: true })).toBeVisible();
  await expect(section.getByText(/Conforme au point de contrôle/)).toHaveCount(0);
  await expectAccessible(page);

  // A checkpoint, downloaded under the server's name: the journal's head, signed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Télécharger un point de contrôle' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^carnet-journal-point-de-controle-\d{4}-\d{2}-\d{2}-1\.json$/);
  const content = fs.readFileSync((await download.path())!, 'utf8');
  expect(JSON.parse(content)).toMatchObject({ format: 'carnet-ledger-checkpoint/1', seq: 1 });
  // The check shown is made again, against the checkpoint just taken.
  await expect(section.getByText(`Conforme au point de contrôle du ${frenchDate} (entrée 1).`, { exact: true })).toBeVisible();

  // A file that is not JSON is refused in the browser.
  const input = section.getByLabel('Vérifier avec un point de contrôle…');
  await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('pas du JSON') });
  await expect(section.getByRole('alert')).toHaveText('Ce fichier n’est pas un point de contrôle Carnet : son contenu n’est pas du JSON valide.');

  // The downloaded file given back: the journal conforms to it.
  await input.setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(content) });
  await expect(section.getByText(`Fichier vérifié : ${download.suggestedFilename()}`, { exact: true })).toBeVisible();
  await expect(section.getByText('Journal intègre : 1 entrée(s) vérifiée(s).', { exact: true })).toBeVisible();
  await expect(section.getByText(`Conforme au point de contrôle du ${frenchDate} (entrée 1).`, { exact: true })).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);

  // Altered, it is refused by the server, whose message is shown.
  const forged = { ...JSON.parse(content), seq: 7 };
  await input.setInputFiles({ name: 'falsifie.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(forged)) });
  await expect(section.getByRole('alert')).toHaveText(
    'Ce point de contrôle n’est pas authentique : sa signature ne correspond pas (fichier modifié, ou clé du journal différente).',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('Fichier vérifié : falsifie.json')).toHaveCount(0);
});

test('journal integrity on a 390 px phone: nothing wider than the screen, the file input reachable from the keyboard', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, request, user, '/reports');
  const section = page.getByRole('region', { name: 'Intégrité du journal' });
  await section.getByRole('button', { name: 'Vérifier le journal' }).click();
  await expect(section.getByText('Aucune facture émise pour l’instant.', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const control of [
    section.getByRole('button', { name: 'Vérifier le journal' }),
    section.getByRole('button', { name: 'Télécharger un point de contrôle' }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  // Tab from the download button reaches the file input, whose label shows the focus.
  await section.getByRole('button', { name: 'Télécharger un point de contrôle' }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Vérifier avec un point de contrôle…')).toBeFocused();
  await expectAccessible(page);
});
