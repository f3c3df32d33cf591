import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { pdfText } from '../src/server/test/pdf-reader';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, E2E_DATA_DIR, expectAccessible, fillIssuerProfile, readOutbox, signInAs } from './support/app';

/**
 * The client portal (issue 27), as the two people live it: the freelancer e-mails a quote, the
 * client opens the link on a phone, reads it and accepts it with their name; the freelancer sees it
 * accepted and downloads the certificate; the client opens an invoice's link and pays by scanning
 * its QR code, which decodes to the amount due.
 */

const PHONE = { width: 390, height: 844 };

/** The personal link of the last e-mail to `to`, as a path of this server (the mail names APP_URL). */
async function portalLinkMailedTo(to: string): Promise<string> {
  await expect
    .poll(() => readOutbox(E2E_DATA_DIR).filter((mail) => mail.to.includes(to) && /\/p\/[\w-]+/.test(mail.text)).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const mail = readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(to) && /\/p\/[\w-]+/.test(m.text)).at(-1)!;
  return new URL(mail.text.match(/https?:\/\/\S+\/p\/[\w-]+/)![0]).pathname;
}

/** The client's phone: a browser of its own, no session. */
async function clientPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris', baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** Decodes the QR code image on the page: its pixels drawn to a canvas in the page, jsQR here (the page's CSP allows no injected script). */
async function decodeQr(page: Page, name: RegExp): Promise<string | null> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  const size = 600;
  const pixels = await image.evaluate(async (img: HTMLImageElement, side: number) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.drawImage(img, 20, 20, side - 40, side - 40);
    return Array.from(context.getImageData(0, 0, side, side).data);
  }, size);
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null;
}

test('a quote e-mailed, opened on the client’s phone, accepted with their name; the freelancer downloads the certificate', async ({ page, request, browser }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const clientEmail = `portail.${Date.now()}@exemple.fr`;
  const client = await api.post('/contacts/', { name: 'Bâtir Ouest', email: clientEmail, ...CLIENT_ADDRESS });
  const quote = await api.post('/quotes/', {
    title: 'Rénovation de la boutique',
    client_id: client.id,
    line_items: [
      { title: 'Plans', description: 'Relevés et trois propositions', quantity: 2, unit_price: 450 },
      { title: 'Suivi de chantier', description: '', quantity: 1, unit_price: 300 },
    ],
  });

  // The freelancer e-mails it: the message carries the client's personal link.
  await signInAs(page, request, user, `/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Envoyer par E-mail' }).click();
  await page.getByRole('dialog', { name: 'Envoyer par e-mail' }).getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText(/en cours d’envoi par e-mail/)).toBeVisible();
  const link = await portalLinkMailedTo(clientEmail);

  // The client, on a phone: the quote as sent, then the acceptance.
  const phone = await clientPhone(browser);
  await phone.goto(link);
  const heading = phone.getByRole('heading', { level: 1, name: /^Devis DEV-\d{4}-\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Devis ', '');
  await expect(phone.getByRole('list', { name: 'Lignes' }).getByRole('listitem')).toHaveCount(2);
  await expect(phone.getByText('Total TTC')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Télécharger le PDF' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(phone);

  const form = phone.getByRole('form', { name: `Accepter le devis ${number}` });
  await form.getByRole('button', { name: 'Accepter et signer le devis' }).click();
  await expect(form.getByText('Indiquez votre nom.')).toBeVisible();
  await form.getByRole('textbox', { name: /Votre nom et prénom/ }).fill('Jeanne Roux');
  await form.getByRole('checkbox', { name: 'J’accepte ce devis (bon pour accord)' }).check();
  await form.getByRole('button', { name: 'Accepter et signer le devis' }).click();
  await expect(phone.getByText(/^Devis accepté le .* par Jeanne Roux\./)).toBeVisible();
  await expect(form).toHaveCount(0);
  // Answered once: the link now only shows it.
  await phone.reload();
  await expect(phone.getByText(/^Devis accepté le .* par Jeanne Roux\./)).toBeVisible();
  await expect(phone.getByRole('form', { name: /Accepter le devis/ })).toHaveCount(0);
  await phone.context().close();

  // The freelancer: accepted, by whom, and the certificate.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Devis ${number}` })).toBeVisible();
  await expect(page.getByText(/^Accepté en ligne le .* par Jeanne Roux\.$/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger le certificat d’acceptation' }).click(),
  ]);
  const certificate = pdfText(fs.readFileSync(await download.path())).replace(/[\s\u202f\u00a0]+/g, ' ');
  expect(certificate).toContain('Certificat d');
  expect(certificate).toContain(number);
  expect(certificate).toContain('Jeanne Roux');
});

test('an invoice’s link on the client’s phone: what is due, and a QR code that decodes to that transfer', async ({ page, request, browser, context }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user, { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' });
  const client = await api.post('/contacts/', { name: 'Boulangerie Martin', email: `qr.${Date.now()}@exemple.fr`, ...CLIENT_ADDRESS });
  const draft = await api.post('/invoices/', {
    title: 'Site vitrine',
    client_id: client.id,
    line_items: [{ title: 'Développement', description: '', quantity: 2, unit_price: 500 }],
  });
  const current = await api.get(`/invoices/${draft.id}/`);
  const invoice = await api.put(`/invoices/${draft.id}/`, { ...current, client_id: client.id, status: 'sent' });
  await api.post(`/invoices/${invoice.id}/payments/`, { amount: 200, date: null, method: 'virement' });

  // The freelancer copies the link from the invoice's page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, request, user, `/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'Copier le lien client' }).click();
  await expect(page.getByText('Lien client copié : collez-le dans votre message.')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/p\/[\w-]{22,}$/);

  const phone = await clientPhone(browser);
  await phone.goto(new URL(url).pathname);
  await expect(phone.getByRole('heading', { level: 1, name: `Facture ${invoice.invoice_number}` })).toBeVisible();
  // 1 200,00 € TTC, 200,00 € paid.
  await expect(phone.getByRole('heading', { level: 2, name: /^Reste à payer : 1\s000,00\s€$/ })).toBeVisible();
  const payload = await decodeQr(phone, /^QR code du virement/);
  expect(payload?.split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'AGRIFRPP', 'Atelier Durand', 'FR7630006000011234567890189', 'EUR1000.00', '', '', invoice.invoice_number]);
  await expectAccessible(phone);
  await phone.context().close();

  // Revoked: the same link says so, and how to reach the seller.
  await page.getByRole('button', { name: 'Révoquer le lien' }).click();
  await page.getByRole('alertdialog', { name: 'Révoquer le lien client ?' }).getByRole('button', { name: 'Révoquer le lien' }).click();
  await expect(page.getByText('Lien client révoqué.')).toBeVisible();
  const again = await clientPhone(browser);
  await again.goto(new URL(url).pathname);
  await expect(again.getByRole('heading', { level: 1, name: 'Lien indisponible' })).toBeVisible();
  await expect(again.getByText('Ce lien a été désactivé par son émetteur.')).toBeVisible();
  await again.context().close();
});

test('a client space: minted on the contact page, opened on the client’s phone, an invoice opened from the list', async ({ page, request, browser, context }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user, { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' });
  const client = await api.post('/contacts/', { name: 'Fromagerie Leroy', email: `espace.${Date.now()}@exemple.fr`, ...CLIENT_ADDRESS });
  const draft = await api.post('/invoices/', {
    title: 'Boutique en ligne', client_id: client.id, line_items: [{ title: 'Développement', description: '', quantity: 3, unit_price: 400 }],
  });
  const current = await api.get(`/invoices/${draft.id}/`);
  const invoice = await api.put(`/invoices/${draft.id}/`, { ...current, client_id: client.id, status: 'sent' });
  // A draft quote: never in the client's space.
  await api.post('/quotes/', { title: 'Brouillon interne', client_id: client.id, line_items: [{ title: 'Idée', description: '', quantity: 1, unit_price: 10 }] });

  // The freelancer copies the space's link from the contact's page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, request, user, `/contacts/${client.id}`);
  await page.getByRole('button', { name: 'Copier le lien de l’espace client' }).click();
  await expect(page.getByText('Lien de l’espace client copié : collez-le dans votre message.')).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/p\/[\w-]{22,}$/);

  const phone = await clientPhone(browser);
  await phone.goto(new URL(url).pathname);
  await expect(phone.getByRole('heading', { level: 1, name: 'Vos documents' })).toBeVisible();
  const rows = phone.getByRole('list', { name: 'Vos documents' }).getByRole('link');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Facture ${invoice.invoice_number}`);
  await expect(rows.first()).toContainText(/Reste à payer : 1\s440,00\s€/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(phone);

  await rows.first().click();
  await expect(phone).toHaveURL(new RegExp(`/p/[\\w-]+/${invoice.invoice_number}$`));
  await expect(phone.getByRole('heading', { level: 1, name: `Facture ${invoice.invoice_number}` })).toBeVisible();
  await expect(phone.getByRole('heading', { level: 2, name: /^Reste à payer : 1\s440,00\s€$/ })).toBeVisible();
  const payload = await decodeQr(phone, /^QR code du virement/);
  expect(payload?.split('\n').at(7)).toBe('EUR1440.00');
  await phone.getByRole('link', { name: '← Tous vos documents' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Vos documents' })).toBeVisible();
  await phone.context().close();

  // The freelancer sees the opening in the card.
  await page.reload();
  await expect(page.getByText(/^Lien actif \(il expire le .*\)\. Consulté le /)).toBeVisible();
});
