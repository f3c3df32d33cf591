import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { backfillIssuedDocuments, REPAIRED_AT_START, repairPendingPdfs, sealLegacyPdfs } from './modules/documents';

async function main() {
  // dist/app/server/main.js → dist/public (the client build)
  const publicDir = path.resolve(__dirname, '../../public');
  const config = loadConfig(process.env, publicDir);
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  const archived = await backfillIssuedDocuments(database.db, database.dialect);
  if (archived) app.log.info(`${archived} document(s) émis avant le journal archivé(s) (snapshot ; PDF rendu au démarrage ou à sa première lecture).`);
  // Issuing stores the PDF just after the numbering transaction: a crash in between is repaired here
  // (the newest REPAIRED_AT_START; any older still pending is rendered at its first read).
  const repaired = await repairPendingPdfs(database.db);
  if (repaired) app.log.warn(`${repaired} PDF de document(s) émis régénéré(s) depuis leur snapshot après un arrêt.`);
  if (repaired === REPAIRED_AT_START) {
    app.log.info(`${REPAIRED_AT_START} PDF rendus au démarrage au plus : s’il en reste, chacun le sera depuis son snapshot à sa première lecture.`);
  }
  const sealed = await sealLegacyPdfs(database.db);
  if (sealed) app.log.info(`${sealed} PDF archivé(s) avant le journal scellé : scellé(s) avec la clé du journal.`);
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Carnet: ${config.appUrl} (base ${database.dialect})`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
