import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Activation, reset and e-mail confirmation links carry `{uidb64}/{token}` (Django's shape). The token is
 * `<timestamp base36>-<HMAC>` over the purpose and the account state that the link must not
 * survive: activation dies once the account is active, a reset dies when the password
 * changes or the user signs in, an e-mail change once the pending address is confirmed or
 * replaced (or the password changes). Nothing but the pending address is stored server side.
 */
export type LinkPurpose = 'activation' | 'reset' | 'email';

export const LINK_MAX_AGE_SECONDS: Record<LinkPurpose, number> = {
  activation: 7 * 24 * 3600,
  reset: 3 * 24 * 3600,
  email: 3 * 24 * 3600,
};

export interface LinkAccountState {
  id: number;
  password_hash: string;
  is_active: number;
  last_login: string | null;
  email: string;
  pending_email: string | null;
}

export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString();
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

function signature(secret: string, purpose: LinkPurpose, user: LinkAccountState, timestamp: string): string {
  // An e-mail link must survive a sign-in (the user may sign in to follow it), not a new request.
  const state = purpose === 'email' ? [user.email, user.pending_email ?? ''] : [user.last_login ?? ''];
  return createHmac('sha256', `${secret}:${purpose}`)
    .update([purpose, user.id, user.password_hash, user.is_active, ...state, timestamp].join('|'))
    .digest('hex')
    .slice(0, 40);
}

export function makeLinkToken(secret: string, purpose: LinkPurpose, user: LinkAccountState, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000).toString(36);
  return `${timestamp}-${signature(secret, purpose, user, timestamp)}`;
}

/** Whether `token` is `user`'s link for `purpose`, at most `maxAgeSeconds` old (the purpose's own limit by default). */
export function checkLinkToken(
  secret: string,
  purpose: LinkPurpose,
  user: LinkAccountState,
  token: string,
  now = Date.now(),
  maxAgeSeconds = LINK_MAX_AGE_SECONDS[purpose],
): boolean {
  const match = /^([0-9a-z]{1,10})-([0-9a-f]{40})$/.exec(token);
  if (!match) return false;
  const [, timestamp, given] = match;
  const expected = signature(secret, purpose, user, timestamp);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return false;
  const age = now / 1000 - parseInt(timestamp, 36);
  return age >= 0 && age <= maxAgeSeconds;
}
