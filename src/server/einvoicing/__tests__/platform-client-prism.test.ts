import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createPlatformClient, TokenCache, type PlatformConnection } from '@/server/einvoicing/platform-client';
import { startSandbox, type Sandbox } from '@/server/test/einvoicing-sandbox/sandbox';

/**
 * Contract test (issue 26): Carnet's platform client against Prism mocking the official AFNOR Flow
 * Service OpenAPI file (the repository's copy, so that it runs without ../shared). Prism checks each
 * request against the spec: a request that does not match is answered with an error status and an
 * `sl-violations` header, which fails here. The token comes from the sandbox (Prism has no token URL).
 */

jest.setTimeout(90_000);

const SPEC = path.join(__dirname, '..', 'openapi', 'afnor-flow-service-1.1.0.json');
const PRISM = path.join(process.cwd(), 'node_modules', '.bin', 'prism');

let prism: ChildProcess;
let prismUrl: string;
let sandbox: Sandbox;
/** Every answer of Prism: its status and the violations it found in the request (not in its own example answers). */
const answers: { url: string; status: number; violations: string | null }[] = [];
/** The multipart parts of the last POST /v1/flows, as sent. */
let lastForm: FormData | null = null;

/**
 * Prism's own answers are generated from the spec's examples, some of which break the spec (a
 * `reasonCode` matching both branches of its oneOf; a Content-Disposition not matching its pattern):
 * only the request's violations concern Carnet.
 */
function requestViolations(header: string | null): string | null {
  if (!header) return null;
  const found = (JSON.parse(header) as { location: string[]; message: string }[]).filter((v) => v.location[0] === 'request');
  return found.length ? found.map((v) => v.message).join('; ') : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  const port = await freePort();
  prismUrl = `http://127.0.0.1:${port}`;
  prism = spawn(PRISM, ['mock', '--host', '127.0.0.1', '--port', String(port), SPEC], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Waits for the state (Prism says it listens), not for a duration.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    prism.stdout!.on('data', onData);
    prism.stderr!.on('data', onData);
    prism.on('exit', (code) => reject(new Error(`Prism stopped (${code}):\n${output}`)));
  });
});
afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((resolve) => prism.once('exit', resolve));
    prism.kill('SIGTERM');
    await exited;
  }
  await sandbox?.close();
});

function client() {
  const connection: PlatformConnection = {
    flowServiceUrl: prismUrl,
    directoryServiceUrl: prismUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
  };
  const recording: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (input instanceof Request && input.method === 'POST' && url.endsWith('/v1/flows')) lastForm = await input.clone().formData();
    const response = await fetch(input, init);
    if (url.startsWith(prismUrl)) answers.push({ url, status: response.status, violations: requestViolations(response.headers.get('sl-violations')) });
    return response;
  };
  return createPlatformClient(connection, { tokens: new TokenCache(), fetch: recording, timeoutMs: 10_000 });
}

const lastAnswer = () => answers[answers.length - 1];

it('GET /v1/healthcheck matches the spec', async () => {
  await client().healthcheck();
  expect(lastAnswer()).toMatchObject({ status: 200, violations: null });
});

it('POST /v1/flows/search matches the spec', async () => {
  const found = await client().searchFlows({ limit: 50, where: { updatedAfter: '2026-09-01T00:00:00.000Z', flowType: ['CustomerInvoiceLC', 'SupplierInvoice'] } });
  expect(lastAnswer()).toMatchObject({ status: 200, violations: null });
  expect(Array.isArray(found.results ?? [])).toBe(true);
});

it('POST /v1/flows (multipart flowInfo + file) matches the spec', async () => {
  const bytes = new TextEncoder().encode('%PDF-1.7 facture FAC-2026-0001');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const flowInfo = { trackingId: 'FAC-2026-0001', name: 'FAC-2026-0001.pdf', processingRule: 'B2B', flowSyntax: 'Factur-X', flowProfile: 'CIUS', sha256 } as const;
  const submitted = client().submitFlow(flowInfo, { bytes, name: 'FAC-2026-0001.pdf', contentType: 'application/pdf' });
  // Prism 5 reads every multipart part as text and ignores the spec's `encoding` (flowInfo:
  // application/json: prism-http validator/validators/body.js), so it always finds the flowInfo part
  // "must be object". That one violation is expected; any other (a missing part, a wrong field) fails.
  await expect(submitted).rejects.toThrow(/a répondu 422/);
  expect(lastAnswer()).toMatchObject({ status: 422, violations: 'Request body property flowInfo must be object' });
  // The part Prism cannot read is checked here against the same spec: JSON, and a valid FlowInfo.
  const part = lastForm!.get('flowInfo') as Blob;
  expect(part.type).toBe('application/json');
  const sent = JSON.parse(await part.text()) as Record<string, unknown>;
  expect(sent).toEqual(flowInfo);
  expect(flowInfoViolations(sent)).toEqual([]);
  const file = lastForm!.get('file') as File;
  expect(file.type).toBe('application/pdf');
  expect(file.name).toBe('FAC-2026-0001.pdf');
  expect(createHash('sha256').update(new Uint8Array(await file.arrayBuffer())).digest('hex')).toBe(sha256);
});

/** `value` against the spec's FlowInfo schema (required, types, enums, patterns, lengths; no unknown field). */
function flowInfoViolations(value: Record<string, unknown>): string[] {
  const spec = JSON.parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, any> } };
  const resolve = (schema: any): any => (schema.$ref ? resolve(spec.components.schemas[schema.$ref.split('/').pop()]) : schema);
  const schema = spec.components.schemas.FlowInfo;
  const problems: string[] = [];
  for (const name of schema.required ?? []) if (!(name in value)) problems.push(`${name} missing`);
  for (const [name, v] of Object.entries(value)) {
    const property = schema.properties[name];
    if (!property) {
      problems.push(`${name} unknown`);
      continue;
    }
    const p = resolve(property);
    if (p.type === 'string' && typeof v !== 'string') problems.push(`${name} not a string`);
    if (p.enum && !p.enum.includes(v)) problems.push(`${name} not in ${p.enum.join(', ')}`);
    if (p.pattern && !new RegExp(p.pattern).test(String(v))) problems.push(`${name} does not match ${p.pattern}`);
    if (p.maxLength && String(v).length > p.maxLength) problems.push(`${name} longer than ${p.maxLength}`);
  }
  return problems;
}

it('GET /v1/flows/{flowId} matches the spec', async () => {
  await client().getFlow('0b5e8c1e-5f3a-4c1e-9a57-3c8b1f0d2a11');
  expect(lastAnswer()).toMatchObject({ status: 200, violations: null });
});

it('is not vacuous: a request off the spec is refused by Prism and surfaces as a French error', async () => {
  const bad = client();
  // `where` is required by the spec.
  await expect(bad.searchFlows({} as never)).rejects.toThrow(/La plateforme \(Flow Service\) a répondu 4\d\d/);
  expect(lastAnswer().violations).toContain('where');
});
