import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { parisToday } from '@/shared/dates';
import type { LedgerCheckpoint, LedgerVerification } from '@/shared/contracts/ledger';
import type { ReceiptsBook } from '@/shared/contracts/reports';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const YEAR = Number(parisToday().slice(0, 4));

/** An empty receipts book (the page's other section reads it on arrival). */
function emptyBook(year: number): ReceiptsBook {
  const zero = { services: 0, goods: 0, total: 0, count: 0 };
  return {
    year,
    rows: [],
    months: Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...zero })),
    quarters: [1, 2, 3, 4].map((quarter) => ({ quarter, label: `T${quarter} ${year}`, ...zero })),
    totals: zero,
  };
}

const verification = (extra: Partial<LedgerVerification> = {}): LedgerVerification => ({
  ok: true,
  entries: 3,
  pending_pdfs: 0,
  checkpoint: null,
  ...extra,
});

// 23:30 UTC on 31 October is 1 November in Paris (the tests run under another time zone in CI).
const CHECKPOINT: LedgerCheckpoint = {
  format: 'carnet-ledger-checkpoint/1',
  owner_id: 1,
  seq: 2,
  hash: 'ab'.repeat(32),
  created_at: '2026-10-31T23:30:00.000Z',
  signature: 'cd'.repeat(32),
};

const checkpointFile = (content: string, name = 'carnet-journal-point-de-controle-2026-11-01-2.json') =>
  new File([content], name, { type: 'application/json' });

const verifyGets = (mock: MockAdapter) => mock.history.get.filter((r) => r.url === 'ledger/verify/').length;
const verifyPosts = (mock: MockAdapter) => mock.history.post.filter((r) => r.url === 'ledger/verify/');

describe('reports (/reports): the journal’s integrity', () => {
  let mock: MockAdapter;
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('reports/receipts/').reply(200, emptyBook(YEAR));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:carnet/checkpoint'), revokeObjectURL: jest.fn() });
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      if (this.download) clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    mock.restore();
    jest.restoreAllMocks();
  });

  async function openSection() {
    const rendered = renderApp({ route: '/reports', preloadedState: signedIn });
    const section = await screen.findByRole('region', { name: 'Intégrité du journal' });
    return { ...rendered, section: within(section) };
  }

  it('explains the journal and checks nothing before it is asked', async () => {
    const { section } = await openSection();
    expect(section.getByText(/art\. 289 VII du CGI/)).toBeInTheDocument();
    expect(section.getByText(/conservez-le hors de Carnet/)).toBeInTheDocument();
    expect(section.getByText(/envoyé par e-mail chaque mois/)).toBeInTheDocument();
    const input = section.getByLabelText('Vérifier avec un point de contrôle…');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.json'));
    expect(verifyGets(mock)).toBe(0);
  });

  it('checks the journal on demand: loading, entries verified, the checkpoint it matches, PDFs still rendering; again on each click', async () => {
    let answer: (value: [number, LedgerVerification]) => void = () => {};
    mock
      .onGet('ledger/verify/')
      .replyOnce(() => new Promise((resolve) => (answer = resolve)))
      .onGet('ledger/verify/')
      .reply(200, verification({ entries: 4, pending_pdfs: 2, checkpoint: { seq: 2, created_at: CHECKPOINT.created_at } }));
    const { section, user } = await openSection();

    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByRole('status')).toHaveTextContent('Vérification du journal...');
    expect(section.getByRole('button', { name: 'Vérification du journal...' })).toBeDisabled();
    answer([200, verification({ entries: 3, pending_pdfs: 1, checkpoint: { seq: 2, created_at: CHECKPOINT.created_at } })]);

    const result = await section.findByText('Journal intègre : 3 entrée(s) vérifiée(s).');
    expect(result.closest('[role="status"]')).not.toBeNull();
    expect(section.getByText('Conforme au point de contrôle du 01/11/2026 (entrée 2).')).toBeInTheDocument();
    expect(section.getByText('1 PDF en cours de génération : son empreinte sera vérifiée dès qu’il sera archivé.')).toBeInTheDocument();

    // A second click asks the server again (the journal may have grown).
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByText('Journal intègre : 4 entrée(s) vérifiée(s).')).toBeInTheDocument();
    expect(section.getByText('2 PDF en cours de génération : leur empreinte sera vérifiée dès qu’ils seront archivés.')).toBeInTheDocument();
    expect(verifyGets(mock)).toBe(2);
  });

  it('says when no invoice was issued yet', async () => {
    mock.onGet('ledger/verify/').reply(200, verification({ entries: 0 }));
    const { section, user } = await openSection();
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByText('Aucune facture émise pour l’instant.')).toBeInTheDocument();
    expect(section.queryByText(/Journal intègre/)).not.toBeInTheDocument();
  });

  it('names the first broken entry in an alert', async () => {
    mock.onGet('ledger/verify/').reply(
      200,
      verification({
        ok: false,
        entries: 3,
        broken_at: { seq: 2, number: `FAC-${YEAR}-0002`, reason: 'Le PDF archivé ne correspond plus à l’empreinte enregistrée.' },
      }),
    );
    const { section, user } = await openSection();
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent(`Journal rompu à l’entrée 2 (FAC-${YEAR}-0002) : Le PDF archivé ne correspond plus à l’empreinte enregistrée.`);
    expect(section.queryByText(/Journal intègre/)).not.toBeInTheDocument();
  });

  it('shows a French message when the check cannot be made, and the result once it can', async () => {
    mock
      .onGet('ledger/verify/')
      .replyOnce(500, {})
      .onGet('ledger/verify/')
      .networkErrorOnce()
      .onGet('ledger/verify/')
      .reply(200, verification({ entries: 1 }));
    const { section, user } = await openSection();
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Impossible de vérifier le journal. Veuillez réessayer.');
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByText('Impossible de contacter le serveur. Veuillez vérifier votre connexion.')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByText('Journal intègre : 1 entrée(s) vérifiée(s).')).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads a checkpoint under the server’s name, and a shown check is made again against it', async () => {
    mock
      .onGet('ledger/verify/')
      .replyOnce(200, verification({ entries: 2 }))
      .onGet('ledger/verify/')
      .reply(200, verification({ entries: 2, checkpoint: { seq: 2, created_at: CHECKPOINT.created_at } }));
    mock.onPost('ledger/checkpoint/').reply(200, new Blob([JSON.stringify(CHECKPOINT)], { type: 'application/json' }), {
      'content-disposition': 'attachment; filename="carnet-journal-point-de-controle-2026-11-01-2.json"',
    });
    const { section, user } = await openSection();
    await user.click(section.getByRole('button', { name: 'Vérifier le journal' }));
    expect(await section.findByText('Journal intègre : 2 entrée(s) vérifiée(s).')).toBeInTheDocument();
    expect(section.queryByText(/Conforme au point de contrôle/)).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Télécharger un point de contrôle' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:carnet/checkpoint', download: 'carnet-journal-point-de-controle-2026-11-01-2.json' }]));
    expect(mock.history.post.find((r) => r.url === 'ledger/checkpoint/')?.responseType).toBe('blob');
    // The new checkpoint made the cached check stale: it is read again.
    expect(await section.findByText('Conforme au point de contrôle du 01/11/2026 (entrée 2).')).toBeInTheDocument();
    expect(verifyGets(mock)).toBe(2);
  });

  it('checks the journal against a checkpoint file: its JSON is sent, the conformity shown', async () => {
    mock.onPost('ledger/verify/').reply(200, verification({ entries: 5, checkpoint: { seq: 2, created_at: CHECKPOINT.created_at } }));
    const { section, user } = await openSection();
    await user.upload(section.getByLabelText('Vérifier avec un point de contrôle…'), checkpointFile(JSON.stringify(CHECKPOINT)));

    expect(await section.findByText('Journal intègre : 5 entrée(s) vérifiée(s).')).toBeInTheDocument();
    expect(section.getByText('Conforme au point de contrôle du 01/11/2026 (entrée 2).')).toBeInTheDocument();
    expect(section.getByText('Fichier vérifié : carnet-journal-point-de-controle-2026-11-01-2.json')).toBeInTheDocument();
    const posts = verifyPosts(mock);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].data as string)).toEqual({ checkpoint: CHECKPOINT });
  });

  it('shows a truncated journal found against the checkpoint in an alert', async () => {
    mock.onPost('ledger/verify/').reply(
      200,
      verification({ ok: false, entries: 1, broken_at: { seq: 2, number: null, reason: 'La fin du journal ne correspond pas à sa tête : des entrées ont été supprimées.' } }),
    );
    const { section, user } = await openSection();
    await user.upload(section.getByLabelText('Vérifier avec un point de contrôle…'), checkpointFile(JSON.stringify(CHECKPOINT)));
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Journal rompu à l’entrée 2 : La fin du journal ne correspond pas à sa tête : des entrées ont été supprimées.',
    );
  });

  it('shows the server’s message for a file that is not a genuine checkpoint of this account', async () => {
    mock.onPost('ledger/verify/').reply(400, { checkpoint: ['Ce point de contrôle appartient à un autre compte.'] });
    const { section, user } = await openSection();
    const input = section.getByLabelText('Vérifier avec un point de contrôle…');
    await user.upload(input, checkpointFile(JSON.stringify({ ...CHECKPOINT, seq: 9 })));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('Ce point de contrôle appartient à un autre compte.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(section.queryByText(/Journal intègre/)).not.toBeInTheDocument();
    expect(verifyPosts(mock)).toHaveLength(1);
  });

  it('refuses a file that is not JSON without asking the server', async () => {
    const { section, user } = await openSection();
    const input = section.getByLabelText('Vérifier avec un point de contrôle…');
    await user.upload(input, checkpointFile('ceci n’est pas du JSON', 'notes.json'));
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Ce fichier n’est pas un point de contrôle Carnet : son contenu n’est pas du JSON valide.',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(verifyPosts(mock)).toHaveLength(0);

    // A genuine file afterwards clears the message.
    mock.onPost('ledger/verify/').reply(200, verification({ entries: 1, checkpoint: { seq: 1, created_at: CHECKPOINT.created_at } }));
    await user.upload(input, checkpointFile(JSON.stringify(CHECKPOINT)));
    expect(await section.findByText('Journal intègre : 1 entrée(s) vérifiée(s).')).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
