/**
 * `npm run verify-ledger`: checks every user's journal of issued invoices and credit notes (hash
 * chain and archived PDFs) in the database the server is configured with (same environment).
 * Exits 1 and names the first broken entry of each account whose journal does not verify.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { verifyLedger } from '../modules/ledger/ledger.repository';

async function main() {
  const config = loadConfig(process.env);
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const owners = await database.db.selectFrom('ledger_heads').select('owner_id').orderBy('owner_id').execute();
    let broken = 0;
    let entries = 0;
    for (const { owner_id: ownerId } of owners) {
      const result = await verifyLedger(database.db, ownerId);
      entries += result.entries;
      if (!result.ok) {
        broken++;
        const at = result.broken_at!;
        console.error(`Compte ${ownerId} : journal rompu à l’entrée ${at.seq}${at.number ? ` (${at.number})` : ''} — ${at.reason}`);
      }
    }
    console.log(`${owners.length} journal(s), ${entries} entrée(s) vérifiée(s) : ${broken ? `${broken} en erreur` : 'intègres'}.`);
    process.exitCode = broken ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
