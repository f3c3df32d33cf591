/**
 * `npm run pa:sandbox`: the sandbox approved platform (sandbox.ts) on http://127.0.0.1:8090
 * (PA_SANDBOX_PORT to change it), to connect Carnet to in the profile's « Facturation électronique ».
 */
import { startSandbox } from './sandbox';

async function main() {
  const port = Number(process.env.PA_SANDBOX_PORT) || 8090;
  const sandbox = await startSandbox({ port, logger: true });
  process.stdout.write(
    [
      '',
      'Plateforme agréée de test (bac à sable) — flux en mémoire, perdus à l’arrêt.',
      `  URL du Flow Service       : ${sandbox.flowServiceUrl}`,
      `  URL du Directory Service  : ${sandbox.directoryServiceUrl}`,
      `  URL du jeton OAuth2       : ${sandbox.tokenUrl}`,
      `  Identifiant client        : ${sandbox.clientId}`,
      `  Secret client             : ${sandbox.clientSecret}`,
      '',
      'Jouer le client et les fournisseurs :',
      `  statut d’une facture émise : curl -X POST ${sandbox.baseUrl}/sandbox/flows/<numéro>/statuses -H 'content-type: application/json' -d '{"code": 205}'`,
      `  (210 « Refusée » : -d '{"code": 210, "reason": "Bon de commande absent"}')`,
      `  facture d’un fournisseur   : curl -X POST '${sandbox.baseUrl}/sandbox/supplier-invoices?name=facture.pdf' -H 'content-type: application/pdf' --data-binary @facture.pdf`,
      `  flux en mémoire            : curl ${sandbox.baseUrl}/sandbox/flows`,
      '',
    ].join('\n'),
  );
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
