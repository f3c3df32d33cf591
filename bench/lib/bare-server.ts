/**
 * The reference of bench/api.ts: a minimal Fastify server, in its own process like the app,
 * answering each benchmarked route with the bytes and headers the app gave for it, from memory.
 * Usage: tsx bench/lib/bare-server.ts <manifest.json>  (written by startBareServer)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { processCpuSeconds, waitForHealth } from './server';

export interface BareRoute {
  method: 'GET' | 'POST';
  /** Fastify route pattern, e.g. /api/contacts/:id/ */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Starts the bare server in a child process (same runtime as the app, not sharing the load generator's loop). */
export async function startBareServer(port: number, routes: BareRoute[], workDir: string) {
  const manifest = path.join(workDir, 'bare-routes.json');
  writeFileSync(
    manifest,
    JSON.stringify({ port, routes: routes.map((r) => ({ ...r, body: r.body.toString('base64') })) }),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, manifest], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, 20_000, child);
  return {
    url,
    pid: child.pid!,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(manifestFile: string) {
  const { port, routes } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { port: number; routes: (Omit<BareRoute, 'body'> & { body: string })[] };
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true }, bodyLimit: 2 * 1024 * 1024 });
  app.get('/api/health/', async () => ({ status: 'ok' }));
  for (const route of routes) {
    const body = Buffer.from(route.body, 'base64');
    app.route({
      method: route.method,
      url: route.url,
      handler: (_request, reply) => reply.status(route.status).headers(route.headers).send(body),
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (require.main === module) {
  main(process.argv[2]).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
