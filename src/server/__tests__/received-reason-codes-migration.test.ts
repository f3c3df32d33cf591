import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaUser, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';
import { receivedInvoicesService } from '../modules/received-invoices';

/**
 * Migration 0036 (issue 26) on a database whose answers to suppliers' invoices were free text only:
 * each keeps its words, with no reason code (null: one still to send goes under AUTRE, as then).
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_29_0035_einvoicing_exchanges');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('keeps the answers given before reason codes, without a code', async () => {
  const db = database.db;
  const owner = await oldSchemaUser(database, 'motifs@exemple.fr');
  const data = JSON.stringify({
    seller: { name: 'LE VENDEUR', siren: '100000009', vatNumber: null, email: null, address: { line1: '', line2: '', postalCode: '', city: '', country: 'FR' } },
    buyer: { name: 'Marie Dupont EI', siren: '200000008', vatNumber: null, email: null, address: { line1: '', line2: '', postalCode: '', city: '', country: 'FR' } },
    lines: [], vat: [], totals: { linesCents: 0, netCents: 0, vatCents: 0, grossCents: 0, prepaidCents: 0, dueCents: 0 }, payment: null, notes: [], problems: [],
  });
  const { id } = await db
    .insertInto('received_invoices')
    .values({
      owner_id: owner, source: 'platform', format: 'cii', number: 'F-OLD-1', type_code: '380', issue_date: '2026-10-01', due_date: null, currency: 'EUR',
      supplier_key: 'siren:100000009', supplier_name: 'LE VENDEUR', supplier_siren: '100000009', net_cents: 0, vat_cents: 0, gross_cents: 0, due_cents: 0,
      status_code: 210, data, original: Buffer.from('<Invoice/>'), original_name: 'F-OLD-1.xml', original_sha256: 'x', search_text: 'f-old-1', received_at: '2026-10-02T08:00:00.000Z',
      platform_flow_id: 'flow-1',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('received_invoice_statuses')
    .values({ received_invoice_id: id, owner_id: owner, code: 210, reason: 'Commande annulée.', at: '2026-10-03T08:00:00.000Z', platform_state: 'pending', platform_message: null } as never)
    .execute();

  await migrateTestDatabase(database);

  expect(await db.selectFrom('received_invoice_statuses').select(['code', 'reason_code', 'reason', 'platform_state']).execute()).toEqual([
    { code: 210, reason_code: null, reason: 'Commande annulée.', platform_state: 'pending' },
  ]);
  const received = receivedInvoicesService(db);
  expect((await received.detail(owner, id)).history).toEqual([
    expect.objectContaining({ code: 210, reason_code: null, reason_label: null, reason: 'Commande annulée.' }),
  ]);
  expect(await received.answersToSend(owner)).toEqual([expect.objectContaining({ code: 210, reasonCode: null, reason: 'Commande annulée.' })]);
});
