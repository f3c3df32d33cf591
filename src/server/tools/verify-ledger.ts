/**
 * `npm run verify-ledger [-- --checkpoint FICHIER]`: checks every user's journal of issued invoices
 * and credit notes (sealed chain, snapshots, archived PDFs, current rows, checkpoints) in the
 * database the server is configured with (same environment, LEDGER_KEY or DATA_DIR/ledger_key
 * included). With a checkpoint file a user kept, that user's journal is also checked against it.
 * Exits 1 and names the first broken entry of each account whose journal does not verify.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ApiError } from '../http/errors';
import { ledgerService, useLedgerKey } from '../modules/ledger';

function checkpointArgument(args: string[]): unknown {
  const at = args.indexOf('--checkpoint');
  if (at === -1) return undefined;
  const file = args[at + 1];
  if (!file) throw new Error('--checkpoint attend le chemin d’un fichier de point de contrôle.');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    throw new Error(`${file} : fichier illisible ou qui n’est pas du JSON.`);
  }
}

async function main(args: string[]) {
  const checkpoint = checkpointArgument(args);
  const config = loadConfig(process.env);
  const releaseKey = useLedgerKey(config.ledgerKey);
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const ledger = ledgerService(database.db, database.dialect);
    const owners = (await ledger.owners()).map((owner_id) => ({ owner_id }));
    const checkpointOwner = (checkpoint as { owner_id?: unknown } | undefined)?.owner_id;
    if (checkpoint !== undefined && !owners.some((o) => o.owner_id === checkpointOwner)) {
      owners.push({ owner_id: Number(checkpointOwner) });
    }
    let broken = 0;
    let entries = 0;
    for (const { owner_id: ownerId } of owners) {
      const result = await ledger.verify(ownerId, ownerId === checkpointOwner ? checkpoint : undefined);
      entries += result.entries;
      if (!result.ok) {
        broken++;
        const at = result.broken_at!;
        console.error(`Compte ${ownerId} : journal rompu à l’entrée ${at.seq}${at.number ? ` (${at.number})` : ''} — ${at.reason}`);
      } else if (ownerId === checkpointOwner) {
        console.log(`Compte ${ownerId} : conforme au point de contrôle (entrée ${result.checkpoint?.seq ?? 0}).`);
      }
    }
    console.log(`${owners.length} journal(s), ${entries} entrée(s) vérifiée(s) : ${broken ? `${broken} en erreur` : 'intègres'}.`);
    process.exitCode = broken ? 1 : 0;
  } finally {
    await database.close();
    releaseKey();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof ApiError ? JSON.stringify(err.body) : err instanceof Error ? err.message : err);
  process.exit(2);
});
