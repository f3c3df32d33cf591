import { act, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays } from '@/shared/dates';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

// 14:32 in Paris (winter time, UTC+1).
const NOW = new Date('2026-01-15T13:32:10Z');
const TODAY = '2026-01-15';

const CONTACTS = [{ id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr', phone: '', company: '', category: 'client' }];
const PROFILE = { email: 'marie@exemple.fr', legal_notice: '', signature_notice: '' };

function invoice(extra: Record<string, unknown> = {}) {
  return {
    id: 7,
    invoice_number: null,
    due_date: addDays(TODAY, 30),
    payment_date: null,
    quote_id: null,
    title: 'Refonte du site',
    description: 'Notes',
    client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
    status: 'draft',
    status_display: 'Brouillon',
    priority: 'normale',
    issue_date: TODAY,
    tax_rate: 20,
    legal_notice: 'Mentions',
    signature_notice: 'Signature',
    subtotal: 120,
    tax_amount: 24,
    total_amount: 144,
    created_at: '2026-01-10T10:00:00Z',
    line_items: [{ id: 11, title: 'Atelier', description: '', quantity: 2, unit_price: 60, total: 120, task_id: null, task: null }],
    ...extra,
  };
}

const ISSUED = { status: 'sent', status_display: 'Envoyée', invoice_number: 'FAC-2026-0001', is_issued: true, balance_due: 144 };

const documentTitle = () => screen.getAllByRole('textbox', { name: /^Titre/ })[0];
const sidebar = () => within(screen.getByRole('navigation', { name: 'Navigation principale' }));
const UNSAVED_NOTE = /Modifications non enregistrées/;

describe('quote and invoice drafts (issue 28)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, CONTACTS);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('invoices/').reply(200, []);
  });
  afterEach(() => {
    mock.restore();
    jest.useRealTimers();
  });

  const putBodies = () => mock.history.put.map((request) => JSON.parse(request.data));
  /** Time passes (the user stops typing). */
  const wait = (ms: number) => act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

  async function openInvoice(record = invoice()) {
    mock.onGet('invoices/7/').reply(200, record);
    const utils = renderApp({ route: '/invoices/7', preloadedState: signedIn, userOptions: { advanceTimers: jest.advanceTimersByTime } });
    await screen.findByRole('heading', { level: 1, name: record.invoice_number ? `Facture ${record.invoice_number}` : 'Facture #7' });
    await screen.findByRole('option', { name: /Librairie Colette/ });
    return utils;
  }

  describe('unsaved changes guard', () => {
    it('asks before a sidebar link leaves an edited invoice; « Rester sur la page » keeps the lines, « Quitter sans enregistrer » leaves', async () => {
      const { user } = await openInvoice();
      await user.clear(documentTitle());
      // Not valid: no autosave comes to make it saved meanwhile.
      await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[1], ' et conseil');

      await user.click(sidebar().getByRole('link', { name: 'Factures' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
      expect(dialog).toHaveTextContent('Vos modifications seront perdues.');
      await user.click(within(dialog).getByRole('button', { name: 'Rester sur la page' }));
      expect(currentPath()).toBe('/invoices/7');
      expect(screen.getAllByRole('textbox', { name: /^Titre/ })[1]).toHaveValue('Atelier et conseil');

      await user.click(sidebar().getByRole('link', { name: 'Factures' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitter sans enregistrer' }));
      await waitFor(() => expect(currentPath()).toBe('/invoices'));
      expect(mock.history.put).toHaveLength(0);
    });

    it('never asks once saved, nor after « Créer la facture » opens the new invoice', async () => {
      mock.onPost('invoices/').reply(201, invoice({ id: 8, title: 'Audit' }));
      mock.onGet('invoices/8/').reply(200, invoice({ id: 8, title: 'Audit' }));
      const { user } = renderApp({ route: '/invoices/new', preloadedState: signedIn, userOptions: { advanceTimers: jest.advanceTimersByTime } });
      await screen.findByRole('option', { name: /Librairie Colette/ });
      await user.type(documentTitle(), 'Audit');
      await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
      const line = within(screen.getAllByTestId('line-item')[0]);
      await user.type(line.getByRole('textbox', { name: /Titre/ }), 'Audit');
      await user.clear(line.getByRole('textbox', { name: /Prix unitaire/ }));
      await user.type(line.getByRole('textbox', { name: /Prix unitaire/ }), '500');
      await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
      await waitFor(() => expect(currentPath()).toBe('/invoices/8'));
      await screen.findByRole('heading', { level: 1, name: 'Facture #8' });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

      await user.click(sidebar().getByRole('link', { name: 'Factures' }));
      await waitFor(() => expect(currentPath()).toBe('/invoices'));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  describe('autosave', () => {
    it('saves a valid draft 2 s after the last keystroke, as it is, and says « Enregistré à 14:32 »', async () => {
      mock.onPut('invoices/7/').reply((config) => [200, invoice({ title: JSON.parse(config.data).title })]);
      const { user } = await openInvoice();
      await user.type(documentTitle(), ' v2');
      expect(screen.getByText(UNSAVED_NOTE)).toBeInTheDocument();

      await wait(1500);
      await user.type(documentTitle(), '!');
      // The wait starts again at each change.
      await wait(1900);
      expect(mock.history.put).toHaveLength(0);
      await wait(200);
      await waitFor(() => expect(mock.history.put).toHaveLength(1));
      expect(putBodies()[0]).toMatchObject({ title: 'Refonte du site v2!', status: 'draft', client_id: 3 });
      expect(putBodies()[0].line_items).toMatchObject([{ id: 11, title: 'Atelier' }]);

      expect(await screen.findByText('Enregistré à 14:32')).toBeInTheDocument();
      // Silently: no toast, the button unchanged, the values as typed; no longer unsaved.
      expect(screen.queryByText('Facture mise à jour avec succès !')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
      expect(documentTitle()).toHaveValue('Refonte du site v2!');
      expect(screen.queryByText(UNSAVED_NOTE)).not.toBeInTheDocument();
      await wait(5000);
      expect(mock.history.put).toHaveLength(1);
      await user.click(sidebar().getByRole('link', { name: 'Factures' }));
      await waitFor(() => expect(currentPath()).toBe('/invoices'));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('saves a quote draft too, and never a sent quote (its PDF is archived)', async () => {
      const quote = (extra: Record<string, unknown> = {}) => ({
        ...invoice({ quote_number: 'DEV-2026-0007', expiration_date: addDays(TODAY, 30) }),
        invoice_number: undefined, due_date: undefined, payment_date: undefined, quote_id: undefined,
        ...extra,
      });
      mock.onGet('quotes/7/').replyOnce(200, quote());
      mock.onPut('quotes/7/').reply((config) => [200, quote({ title: JSON.parse(config.data).title })]);
      const draft = renderApp({ route: '/quotes/7', preloadedState: signedIn, userOptions: { advanceTimers: jest.advanceTimersByTime } });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2026-0007' });
      await screen.findByRole('option', { name: /Librairie Colette/ });
      await draft.user.type(documentTitle(), ' v2');
      await wait(2000);
      await waitFor(() => expect(mock.history.put).toHaveLength(1));
      expect(putBodies()[0]).toMatchObject({ title: 'Refonte du site v2', status: 'draft' });
      expect(await screen.findByText('Enregistré à 14:32')).toBeInTheDocument();
      draft.unmount();

      mock.onGet('quotes/7/').reply(200, quote({ status: 'sent', status_display: 'Envoyé', pdf_sha256: 'ab'.repeat(32) }));
      const sent = renderApp({ route: '/quotes/7', preloadedState: signedIn, userOptions: { advanceTimers: jest.advanceTimersByTime } });
      await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2026-0007' });
      await screen.findByRole('option', { name: /Librairie Colette/ });
      await sent.user.type(documentTitle(), ' v3');
      await wait(5000);
      expect(mock.history.put).toHaveLength(1);
    });

    it('keeps the values and says so discreetly when the autosave fails, and leaves no unsaved change unguarded', async () => {
      mock.onPut('invoices/7/').reply(500);
      const { user } = await openInvoice();
      await user.type(documentTitle(), ' v2');
      await wait(2000);
      expect(
        await screen.findByText('Enregistrement automatique impossible : vos modifications sont conservées.'),
      ).toBeInTheDocument();
      expect(mock.history.put).toHaveLength(1);
      expect(documentTitle()).toHaveValue('Refonte du site v2');
      // Not tried again until the form changes.
      await wait(5000);
      expect(mock.history.put).toHaveLength(1);
      await user.click(sidebar().getByRole('link', { name: 'Factures' }));
      expect(await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' })).toBeInTheDocument();
    });

    it('never autosaves an issued invoice, a draft being issued, or a form that does not pass its checks', async () => {
      // An issued invoice: only its priority and internal notes may change, and only by « Enregistrer ».
      mock.onGet(/invoices\/7\/(payments|credit_notes|ledger)/).reply(200, []);
      const issued = await openInvoice(invoice(ISSUED));
      await issued.user.type(screen.getByLabelText('Notes internes'), 'Relancer en mars');
      await wait(5000);
      expect(mock.history.put).toHaveLength(0);
      expect(screen.queryByText(/^Enregistré à/)).not.toBeInTheDocument();
      issued.unmount();

      // A draft whose status is set to « Envoyée »: issuing is the button's.
      const { user } = await openInvoice();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'sent');
      await user.type(documentTitle(), ' v2');
      await wait(5000);
      expect(mock.history.put).toHaveLength(0);

      // Back to draft, but without a title.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'draft');
      await user.clear(documentTitle());
      await wait(5000);
      expect(mock.history.put).toHaveLength(0);
    });
  });
});
