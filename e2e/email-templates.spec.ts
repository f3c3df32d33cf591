import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CLIENT_ADDRESS, E2E_DATA_DIR, apiAs, createActivatedUser, expectAccessible, fillIssuerProfile, readOutbox, signInAs } from './support/app';

/**
 * E-mail templates (issue 28): the invoice template edited on « Modèles d’e-mails » (a placeholder
 * chip inserted at the cursor, saved), then « Envoyer par e-mail » on a draft invoice: the dialog
 * shows that template filled for the invoice, the text is edited and a copy added, and the .eml in
 * the outbox carries the edited text, the invoice's new number and the Cc. axe at 390 × 844 and
 * 1366 × 768 on the page and the dialog.
 */

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 768 } as const;

/** The raw .eml's decoded parts (quoted-printable text, encoded headers). */
function rawMail(file: string): string {
  const raw = readFileSync(path.join(E2E_DATA_DIR, 'outbox', file), 'utf8');
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

async function accessibleAtBothSizes(page: Page) {
  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

test('an edited invoice template → « Envoyer par e-mail » → the edited message, with its copy, in the outbox', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const email = `modele.${Date.now()}@exemple.fr`;
  const client = await api.post('/contacts/', { name: 'Atelier Morel', email, ...CLIENT_ADDRESS });
  const draft = await api.post('/invoices/', {
    title: 'Site vitrine',
    client_id: client.id,
    line_items: [{ title: 'Développement', description: '', quantity: 2, unit_price: 500 }],
  });

  // The profile links to the templates.
  await signInAs(page, request, user, '/profile');
  await page.getByRole('link', { name: 'Modèles d’e-mails' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modèles d’e-mails' })).toBeVisible();
  await expect(page.getByText('placez {lien} où vous le voulez', { exact: false })).toBeVisible();
  await accessibleAtBothSizes(page);

  await page.getByRole('button', { name: 'Facture', exact: true }).click();
  const subject = page.getByRole('textbox', { name: /^Objet/ });
  await expect(subject).toHaveValue(/^Facture \{numero\}/);
  await subject.fill('Votre facture ');
  await page.getByRole('button', { name: /^Insérer \{numero\}/ }).click();
  await expect(subject).toHaveValue('Votre facture {numero}');
  const body = page.getByRole('textbox', { name: /^Message/ });
  await body.fill('Bonjour {client},\n\nVoici votre facture de {montant}, à régler avant le {echeance}.\n\nBien à vous,');
  const preview = page.getByRole('region', { name: 'Aperçu du message' });
  await expect(preview.getByTestId('preview-subject')).toHaveText('Votre facture FAC-2026-0042');
  await expect(preview.getByTestId('preview-body')).toContainText('Bonjour Librairie Colette,');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Modèle enregistré.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Facture (personnalisé)' })).toBeVisible();

  // The send dialog: the template filled for this draft invoice (its number comes when it leaves).
  await page.goto(`/invoices/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture #${draft.id}` })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer par E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer par e-mail' });
  await expect(dialog).toContainText(`Atelier Morel (${email})`);
  const dialogSubject = dialog.getByRole('textbox', { name: /^Objet/ });
  await expect(dialogSubject).toHaveValue('Votre facture {numero}');
  const dialogBody = dialog.getByRole('textbox', { name: /^Message/ });
  await expect(dialogBody).toHaveValue(/^Bonjour Atelier Morel,\n\nVoici votre facture de 1\s200,00\s€ TTC, à régler avant le \{echeance\}\.\n\nBien à vous,\nCamille Durand\nAtelier Durand/);
  await accessibleAtBothSizes(page);

  await dialogBody.fill('Bonjour Atelier Morel,\n\nVoici la facture {numero} du site vitrine. Merci !\n\nCamille');
  const cc = dialog.getByRole('textbox', { name: /^Copie \(CC\)/ });
  await cc.fill('pas-une-adresse');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog.getByText('« pas-une-adresse » n’est pas une adresse e-mail valide.')).toBeVisible();
  await cc.fill('compta.morel@exemple.fr');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('La facture est en cours d’envoi par e-mail.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Facture FAC-\d{4}-\d{4}$/ })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Facture ', '');

  await expect.poll(() => readOutbox(E2E_DATA_DIR).filter((mail) => mail.to.includes(email)).length).toBe(1);
  const [mail] = readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(email));
  expect(mail.subject).toBe(`Votre facture ${number}`);
  const raw = rawMail(mail.file);
  expect(raw).toMatch(/^Cc: compta\.morel@exemple\.fr$/m);
  expect(raw).toContain(`Voici la facture ${number} du site vitrine. Merci !`);
  expect(raw).toContain('application/pdf');
  await expect(page.getByRole('group', { name: 'Envoi par e-mail' })).toContainText(/Envoyée par e-mail le /, { timeout: 10_000 });
});
