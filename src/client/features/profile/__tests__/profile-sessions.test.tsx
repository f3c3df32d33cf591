import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { describeDevice, SESSION_MESSAGES } from '../sessions-section';

/** Issue 23: the profile lists the account's live sessions; another one can be ended there. */

const PROFILE = {
  email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', company_name: 'Curie Conseil', business_type: '',
  address: '', city: 'Paris', postal_code: '', country: 'FR', phone: '', website: '', siret: '', vat_number: '',
  legal_notice: '', signature_notice: '', vat_regime: 'franchise', vat_on_debits: false, iban: '', bic: '', legal_form: '',
  share_capital: null, registration: '', pending_email: null,
};

const THIS_ONE = {
  id: 'session-ici',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  ip: '192.0.2.10',
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-27T09:00:00.000Z',
  current: true,
};
const PHONE = {
  id: 'session-telephone',
  user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
  ip: '203.0.113.9',
  created_at: '2026-11-02T18:30:00.000Z',
  last_used_at: '2026-11-26T21:15:00.000Z',
  current: false,
};

describe('profile page: active sessions', () => {
  let mock: MockAdapter;
  afterEach(() => mock.restore());

  /** `after`: the list the server gives once a session was asked to end. */
  async function openProfile(after = [THIS_ONE]) {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('sessions/').replyOnce(200, [THIS_ONE, PHONE]).onGet('sessions/').reply(200, after);
    const utils = renderApp({ route: '/profile', preloadedState: signedIn });
    await screen.findByText('Safari sur iPhone');
    return utils;
  }
  const section = () => screen.getByRole('heading', { level: 2, name: 'Sessions actives' }).closest('section')!;
  const item = (name: string) => within(section()).getByRole('listitem', { name });

  it('shows each session with its device, address and dates, this one marked and without a button', async () => {
    await openProfile();
    const mine = item('Firefox sur Windows');
    expect(mine).toHaveTextContent('Cette session');
    expect(mine).toHaveTextContent('192.0.2.10');
    expect(within(mine).queryByRole('button')).toBeNull();
    const phone = item('Safari sur iPhone');
    expect(phone).not.toHaveTextContent('Cette session');
    expect(phone).toHaveTextContent('203.0.113.9');
    expect(phone).toHaveTextContent('2 nov. 2026');
    expect(phone).toHaveTextContent('26 nov. 2026');
    expect(within(phone).getByRole('button', { name: 'Déconnecter' })).toBeEnabled();
  });

  it('asks before ending another session, then ends it and refreshes the list', async () => {
    const { user } = await openProfile();
    mock.onDelete('sessions/session-telephone/').reply(204);

    await user.click(within(item('Safari sur iPhone')).getByRole('button', { name: 'Déconnecter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Déconnecter cette session ?' });
    expect(dialog).toHaveTextContent('Safari sur iPhone (203.0.113.9) sera déconnecté');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.delete).toHaveLength(0);

    await user.click(within(item('Safari sur iPhone')).getByRole('button', { name: 'Déconnecter' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }));
    await waitFor(() => expect(mock.history.delete.map((r) => r.url)).toEqual(['sessions/session-telephone/']));
    // The tag invalidation refetches the list: the phone is gone.
    await waitFor(() => expect(within(section()).queryByText('Safari sur iPhone')).toBeNull());
    expect(mock.history.get.filter((r) => r.url === 'sessions/')).toHaveLength(2);
    expect(section()).toHaveTextContent(SESSION_MESSAGES.ended);
    expect(item('Firefox sur Windows')).toHaveTextContent('Cette session');
  });

  it('says so when ending fails, and lists what the server still has', async () => {
    const { user } = await openProfile([THIS_ONE, PHONE]);
    mock.onDelete('sessions/session-telephone/').reply(500);
    await user.click(within(item('Safari sur iPhone')).getByRole('button', { name: 'Déconnecter' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }));
    expect(await within(section()).findByText(SESSION_MESSAGES.endError)).toBeInTheDocument();
    expect(item('Safari sur iPhone')).toBeInTheDocument();
  });

  it('names devices from their User-Agent', () => {
    expect(describeDevice(null)).toBe('Appareil inconnu');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome sur Android');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge sur macOS');
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
