import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parisToday } from '../src/shared/dates';
import { startSandbox, type Sandbox } from '../src/server/test/einvoicing-sandbox/sandbox';
import { parseLifecycleMessage } from '../src/server/einvoicing/cdar';
import { apiAs, CLIENT_ADDRESS, createActivatedUser, expectAccessible, fillIssuerProfile, signInAs } from './support/app';

/**
 * Issue 26, as a freelancer lives it with the sandbox platform (`npm run pa:sandbox`, here started by
 * the test): connect it in the profile and test the connection, issue an invoice to a French
 * business and see it go out and its lifecycle move (Déposée, then the buyer's Prise en charge and
 * Approuvée), then approve a supplier's invoice received through the platform and see the answer go
 * back to the supplier, and refuse another with a « Motif » (its reason code in the CDAR message sent).
 * The buyer and the supplier are played through the sandbox.
 */

const EXAMPLES = path.join(__dirname, '..', 'src', 'server', 'einvoicing', '__tests__', 'official-examples', 'invoices');
const SUPPLIER_PDF = path.join(EXAMPLES, 'UC1_F202500003_00-INV_20250701.pdf');
/** The official invoice as another of the same supplier's (its CII, renumbered). */
const SECOND_SUPPLIER_XML = readFileSync(path.join(EXAMPLES, 'UC1_F202500003_00-INV_20250701_CII.xml'), 'utf8').replaceAll('F202500003', 'F202500009');

let sandbox: Sandbox;
test.beforeAll(async () => {
  sandbox = await startSandbox();
});
test.afterAll(async () => {
  await sandbox.close();
});

/** The card of a page whose heading is `name`. */
const card = (page: Page, name: string) => page.locator('section').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Clicks « Actualiser » until `check` passes: the sync schedules what it sends, the server's job runner sends it a moment later. */
async function refreshUntil(scope: Locator, check: () => Promise<void>) {
  await expect(async () => {
    await scope.getByRole('button', { name: 'Actualiser' }).click();
    await expect(scope.getByRole('button', { name: 'Actualiser' })).toBeEnabled();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

test('connect the sandbox platform, issue an invoice and follow its lifecycle, approve a supplier’s invoice received through it, refuse another with a motif', async ({ page, request }) => {
  // Three syncs' round trips and two answers: beyond the default minute on a busy machine.
  test.setTimeout(150_000);
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  await fillIssuerProfile(api, user);
  const client = await api.post('/contacts/', { name: 'Studio Martin', email: 'compta@studio-martin.fr', ...CLIENT_ADDRESS });
  const draft = await api.post('/invoices/', {
    title: 'Accompagnement', client_id: client.id, tax_rate: 20, operation_category: 'services',
    line_items: [{ title: 'Conseil', quantity: 2, unit_price: 500 }],
  });

  // The profile's « Facturation électronique »: the sandbox's addresses and credentials, then the test.
  await signInAs(page, request, user, '/profile');
  const settings = page.getByRole('form', { name: 'Facturation électronique' });
  await settings.getByLabel('URL du Flow Service').fill(sandbox.flowServiceUrl);
  await settings.getByLabel('URL du Directory Service (annuaire)').fill(sandbox.directoryServiceUrl);
  await settings.getByLabel('URL du jeton OAuth2').fill(sandbox.tokenUrl);
  await settings.getByLabel('Identifiant client').fill(sandbox.clientId);
  await settings.getByLabel('Secret client').fill(sandbox.clientSecret);
  await settings.getByRole('checkbox', { name: 'Activer la plateforme' }).check();
  await settings.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(settings.getByText('Réglages de la plateforme enregistrés.')).toBeVisible();
  await settings.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(settings.getByText('Connexion réussie : la plateforme a délivré un jeton et répond.')).toBeVisible();

  // Issue the invoice: it says it will go through the platform, then it does.
  await page.goto(`/invoices/${draft.id}`);
  await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Envoyée' });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Émettre la facture ?' }).getByRole('button', { name: 'Émettre la facture' }).click();
  const number = `FAC-${parisToday().slice(0, 4)}-0001`;
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible();
  const panel = card(page, 'Facturation électronique');
  await expect(panel).toContainText('Pas encore transmise à votre plateforme');
  await refreshUntil(panel, () => expect(panel).toContainText('Transmise à la plateforme', { timeout: 500 }));
  await refreshUntil(panel, () => expect(panel.getByRole('list', { name: 'Cycle de vie de la facture électronique' })).toContainText('Déposée', { timeout: 500 }));
  const sent = sandbox.submitted('Factur-X');
  expect(sent.map((f) => f.info.trackingId)).toEqual([number]);

  // The buyer takes it in hand and approves it.
  sandbox.playStatus(number, 204);
  sandbox.playStatus(number, 205);
  const timeline = panel.getByRole('list', { name: 'Cycle de vie de la facture électronique' });
  await refreshUntil(panel, () => expect(timeline.getByRole('listitem')).toHaveCount(3, { timeout: 500 }));
  await expect(timeline.getByRole('listitem')).toContainText(['Déposée', 'Prise en charge', 'Approuvée']);
  await expect(page.getByText('E-facture : Approuvée').first()).toBeVisible();
  await expectAccessible(page);

  // The invoices list shows it, and filters by e-invoicing status.
  await page.goto('/invoices');
  await page.getByRole('combobox', { name: 'Facturation électronique' }).selectOption({ label: '205 Approuvée' });
  await expect(page.getByRole('link', { name: 'Accompagnement' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Facturation électronique' }).selectOption({ label: '210 Refusée' });
  await expect(page.getByRole('link', { name: 'Accompagnement' })).toHaveCount(0);

  // A supplier's invoice arrives through the platform.
  await sandbox.deliverSupplierInvoice(readFileSync(SUPPLIER_PDF), 'F202500003.pdf');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Factures reçues' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures reçues' })).toBeVisible();
  await refreshUntil(page.getByRole('main'), () => expect(page.getByRole('link', { name: 'F202500003' })).toBeVisible({ timeout: 500 }));
  await page.getByRole('link', { name: 'F202500003' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Facture F202500003' })).toBeVisible();
  await expect(page.getByText('Votre réponse est transmise au fournisseur par votre plateforme agréée')).toBeVisible();
  await page.getByRole('button', { name: 'Approuver' }).click();
  await expect(page.getByText('Facture marquée « Approuvée ».')).toBeVisible();
  const answers = card(page, 'Historique de vos réponses');
  await refreshUntil(page.getByRole('main'), () => expect(answers).toContainText('Envoyé au fournisseur par la plateforme', { timeout: 500 }));
  await expectAccessible(page);

  const answer = sandbox.submitted('CDAR').find((f) => f.flow.flowType === 'SupplierInvoiceLC');
  expect(parseLifecycleMessage(new TextDecoder().decode(answer!.file)).statuses[0]).toMatchObject({ code: 205, invoiceNumber: 'F202500003', issuerRole: 'BY' });

  // Another supplier's invoice, refused: the « Motif » is one of the 13 a refusal admits, sent as its reason code.
  await sandbox.deliverSupplierInvoice(new TextEncoder().encode(SECOND_SUPPLIER_XML), 'F202500009.xml');
  await page.getByRole('link', { name: 'Retour aux factures reçues' }).click();
  await refreshUntil(page.getByRole('main'), () => expect(page.getByRole('link', { name: 'F202500009' })).toBeVisible({ timeout: 500 }));
  await page.getByRole('link', { name: 'F202500009' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Facture F202500009' })).toBeVisible();
  await page.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuser la facture' });
  const motif = dialog.getByRole('combobox', { name: 'Motif' });
  await expect(motif).toBeFocused();
  await expect(motif.getByRole('option', { name: 'Autre (précisez)' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(dialog.getByText('Choisissez un motif.')).toBeVisible();
  await expectAccessible(page);
  await motif.selectOption({ label: 'Taux de TVA erroné' });
  await dialog.getByRole('textbox', { name: 'Précisions' }).fill('TVA à 10 % sur la prestation, pas 20 %.');
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(page.getByText('Facture marquée « Refusée ».')).toBeVisible();
  await expect(answers).toContainText('Refusée — Taux de TVA erroné — TVA à 10 % sur la prestation, pas 20 %.');
  await refreshUntil(page.getByRole('main'), () => expect(answers).toContainText('Envoyé au fournisseur par la plateforme', { timeout: 500 }));
  const refusal = sandbox.submitted('CDAR').find((f) => f.status?.code === 210);
  expect(refusal?.status).toMatchObject({ invoiceNumber: 'F202500009', issuerRole: 'BY', reasonCode: 'TX_TVA_ERR', reason: 'TVA à 10 % sur la prestation, pas 20 %.' });
});
