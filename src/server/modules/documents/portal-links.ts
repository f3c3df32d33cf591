import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { PortalLinkKind } from '@/shared/contracts/portal';
import { portalLinksRepository } from './portal-links.repository';

/**
 * A document's personal link for its client (issue 27): `${appUrl}/p/${token}`. The token is 256
 * random bits (base64url, 43 characters); only its SHA-256 is stored, so that the database alone
 * opens nothing. Minted here, where documents are e-mailed; the portal module serves and revokes
 * them. Earlier links of the document stay valid until revoked. A client space's link (kind
 * 'contact', `documentId` the contact's id) is minted the same way.
 */
export const PORTAL_TOKEN_BYTES = 32;

/** The stored form of a token: its SHA-256, hex. */
export const portalTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function mintPortalLink(
  db: Kysely<Database>,
  appUrl: string,
  link: { ownerId: number; kind: PortalLinkKind; documentId: number },
): Promise<string> {
  const token = randomBytes(PORTAL_TOKEN_BYTES).toString('base64url');
  await portalLinksRepository(db).insert({
    owner_id: link.ownerId, kind: link.kind, document_id: link.documentId, token_hash: portalTokenHash(token), created_at: new Date().toISOString(),
  });
  return `${appUrl}/p/${token}`;
}
