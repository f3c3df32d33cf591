import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DirectorySchemas, Flow, FlowInfo, FlowSchemas, LegalUnit } from '@/server/einvoicing/platform-client';
import { buildLifecycleMessage, parseLifecycleMessage, type LifecycleStatus } from '@/server/einvoicing/cdar';
import { readReceivedInvoice, type ReceivedInvoice } from '@/server/einvoicing/received-invoice';
import { isLifecycleStatusCode, type LifecycleStatusCode } from '@/shared/einvoicing-lifecycle';
import { REFUSAL_REASON_CODES } from '@/shared/received-invoices';

/**
 * A sandbox approved platform (issue 26) for development and tests, shaped like the official
 * AFNOR XP Z12-013 OpenAPI files: an OAuth2 client-credentials token endpoint, the Flow Service
 * (`GET /v1/healthcheck`, `POST /v1/flows`, `POST /v1/flows/search`, `GET /v1/flows/{flowId}`) and
 * the Directory Service's SIREN look-ups. Flows live in memory. It lives with the tests (src/server/test
 * is outside the production build) and runs alone with `npm run pa:sandbox`.
 *
 * URLs (base = http://127.0.0.1:<port>): token `<base>/oauth/token`, Flow Service `<base>/flow-service`,
 * Directory Service `<base>/directory-service` (the official files' `/flow-service`, `/directory-service`).
 */

export const SANDBOX_CLIENT_ID = 'carnet-sandbox';
export const SANDBOX_CLIENT_SECRET = 'sandbox-secret';

/** A flow as the sandbox keeps it: its metadata (the Flow schema) and the file. */
export interface SandboxFlow {
  flow: Flow;
  info: FlowInfo;
  file: Uint8Array;
  fileName: string;
  contentType: string;
  /** A submitted Factur-X invoice as the sandbox read it (to play the buyer's statuses on it). */
  invoice?: ReceivedInvoice;
  /** A submitted lifecycle message's (first) status as the sandbox read it: its code, reason code and reason. */
  status?: LifecycleStatus;
}

/** A status reason: a code of XP Z12-012 (MDT-113) and its text; a bare text goes under the generic AUTRE. */
export type SandboxReason = string | { code: string; text: string };

export interface SandboxOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Token lifetime announced (`expires_in`, seconds). */
  tokenLifetimeSeconds?: number;
  /** Legal units the directory knows (SIREN → entry); by default two French companies. */
  directory?: LegalUnit[];
  /** Prints each request (`npm run pa:sandbox`). */
  logger?: boolean;
  /** Plays 200 « Déposée » on every invoice submitted (as a platform does once it has taken it). Default true. */
  autoDeposit?: boolean;
}

export interface Sandbox {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  tokenUrl: string;
  flowServiceUrl: string;
  directoryServiceUrl: string;
  clientId: string;
  clientSecret: string;
  /** What was asked of it, for tests: token requests, and the X-Request-Id of each Flow/Directory call. */
  stats: { tokenRequests: number; requestIds: string[] };
  flows: Map<string, SandboxFlow>;
  /** The next healthcheck answers (tests play a platform in maintenance): null → 200. */
  health: { status: number; body?: unknown } | null;
  /** Refuses every token request (tests of a revoked client). */
  refuseTokens: boolean;
  /** Forgets every token given (the next calls answer 401 until a new one is asked). */
  revokeTokens(): void;
  /** The next submissions (POST /v1/flows) answer 503 (tests of retries). */
  failSubmissions: number;
  /** The buyer's (or platform's) lifecycle status on a submitted invoice, as an incoming CustomerInvoiceLC flow; its flow id. */
  playStatus(trackingId: string, code: LifecycleStatusCode, reason?: SandboxReason): string;
  /** A supplier's invoice (Factur-X PDF, CII or UBL), delivered as an incoming SupplierInvoice flow; its flow id. */
  deliverSupplierInvoice(file: Uint8Array, name: string): Promise<string>;
  /** Sets a submitted flow's acknowledgement to Error with these reasons (the platform refusing it after the fact). */
  rejectFlow(trackingId: string, reasonCode: string, reasonMessage: string): void;
  /** The flows Carnet submitted with this syntax (CDAR: its lifecycle messages). */
  submitted(syntax?: FlowInfo['flowSyntax']): SandboxFlow[];
  close(): Promise<void>;
  app: FastifyInstance;
}

const DEFAULT_DIRECTORY: LegalUnit[] = [
  { siren: '732829320', businessName: 'Studio Dupont', entityType: 'PrivateVatRegistered', administrativeStatus: 'A' },
  { siren: '356000000', businessName: 'La Poste', entityType: 'PrivateVatRegistered', administrativeStatus: 'A' },
];

type ErrorBody = FlowSchemas['Error'];
const error = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
  reply.code(status).send({ errorCode, errorMessage } satisfies ErrorBody);

const sameText = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

/**
 * What a platform checks of a lifecycle message a buyer states (XP Z12-012, CDV schematron): a
 * dispute (207) and a refusal (210) name a reason code (BR-FR-CDV-15), and a refusal's code is one of
 * the 13 its rule admits (BR-FR-CDV-CL-09: not AUTRE). Null when the message passes.
 */
function lifecycleRuleError(status: LifecycleStatus): string | null {
  if ((status.code === 207 || status.code === 210) && !status.reasonCode) return `BR-FR-CDV-15: status ${status.code} needs a reason code (MDT-113)`;
  if (status.code === 210 && !(REFUSAL_REASON_CODES as readonly string[]).includes(status.reasonCode!)) {
    return `BR-FR-CDV-CL-09: reason code ${status.reasonCode} is not allowed for status 210`;
  }
  return null;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clientId = options.clientId ?? SANDBOX_CLIENT_ID;
  const clientSecret = options.clientSecret ?? SANDBOX_CLIENT_SECRET;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const directory = new Map((options.directory ?? DEFAULT_DIRECTORY).map((u) => [u.siren!, u]));
  const tokens = new Map<string, number>();
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 20 * 1024 * 1024 });

  const sandbox = {
    stats: { tokenRequests: 0, requestIds: [] as string[] },
    flows: new Map<string, SandboxFlow>(),
    health: null as Sandbox['health'],
    refuseTokens: false,
    failSubmissions: 0,
  };

  // Strictly increasing times: a search by `updatedAfter` never ties two flows.
  let lastTime = 0;
  const stamp = () => {
    lastTime = Math.max(Date.now(), lastTime + 1);
    return new Date(lastTime).toISOString();
  };

  /** Stores an incoming flow (platform → Carnet). */
  function incoming(flowType: Flow['flowType'], syntax: FlowInfo['flowSyntax'], file: Uint8Array, fileName: string, trackingId?: string): string {
    const flowId = randomUUID();
    const at = stamp();
    const flow: Flow = {
      flowId, trackingId, submittedAt: at, updatedAt: at, flowType, processingRule: 'B2B', processingRuleSource: 'Computed',
      flowDirection: 'In', flowSyntax: syntax, acknowledgement: { status: 'Ok' },
    };
    sandbox.flows.set(flowId, { flow, info: { flowSyntax: syntax, trackingId, name: fileName }, file, fileName, contentType: syntax === 'Factur-X' ? 'application/pdf' : 'application/xml' });
    return flowId;
  }

  const submittedInvoice = (trackingId: string) =>
    [...sandbox.flows.values()].find((f) => f.flow.flowDirection === 'Out' && f.info.trackingId === trackingId && f.invoice);

  /** The CDAR message of a status on a submitted invoice: the buyer states 204–211, the platform the others. */
  function playStatus(trackingId: string, code: LifecycleStatusCode, reason?: SandboxReason): string {
    const submittedFlow = submittedInvoice(trackingId);
    if (!submittedFlow?.invoice) throw new Error(`Sandbox: no invoice submitted with trackingId ${trackingId}`);
    const { invoice } = submittedFlow;
    const seller = { siren: invoice.seller.siren ?? '000000000', name: invoice.seller.name, role: 'SE' as const };
    const buyer = { siren: invoice.buyer.siren ?? '000000000', name: invoice.buyer.name, role: 'BY' as const };
    const byBuyer = code >= 204 && code <= 211;
    const now = new Date();
    const xml = buildLifecycleMessage({
      code,
      invoice: { number: invoice.number, typeCode: invoice.typeCode, issueDate: invoice.issueDate, receivedAt: new Date(submittedFlow.flow.submittedAt!) },
      issuer: byBuyer ? buyer : seller,
      recipient: byBuyer ? seller : buyer,
      at: now,
      createdAt: now,
      ...(reason ? { reason: typeof reason === 'string' ? { code: 'AUTRE', text: reason } : reason } : {}),
    });
    return incoming('CustomerInvoiceLC', 'CDAR', new TextEncoder().encode(xml), `${trackingId}-${code}.xml`, `${trackingId}-${code}-${now.getTime()}`);
  }

  // The token endpoint takes a form; POST /v1/flows a multipart body, read by the Fetch API's parser.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, new URLSearchParams(body as string)));
  app.addContentTypeParser(['application/pdf', 'application/octet-stream', 'application/xml', 'text/xml'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, async (req: { headers: Record<string, unknown> }, body: Buffer) =>
    new Response(new Uint8Array(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData(),
  );

  // OAuth2 client credentials (RFC 6749 §4.4): HTTP Basic, or client_id/client_secret in the form.
  app.post('/oauth/token', async (request, reply) => {
    sandbox.stats.tokenRequests++;
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    if (form.get('grant_type') !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' });
    let id = form.get('client_id') ?? '';
    let secret = form.get('client_secret') ?? '';
    const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''));
    if (basic) {
      const [rawId, rawSecret = ''] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      id = decodeURIComponent(rawId);
      secret = decodeURIComponent(rawSecret);
    }
    if (sandbox.refuseTokens || !sameText(id, clientId) || !sameText(secret, clientSecret)) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + lifetime * 1000);
    return { access_token: token, token_type: 'Bearer', expires_in: lifetime };
  });

  // Flow and Directory services: a live bearer token, and the request id recorded.
  const guard = async (request: { headers: Record<string, unknown> }, reply: FastifyReply) => {
    const requestId = request.headers['x-request-id'];
    if (typeof requestId === 'string') sandbox.stats.requestIds.push(requestId);
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (!expires || expires < Date.now()) return error(reply, 401, 'UNAUTHORIZED', 'Missing or invalid bearer token');
  };

  await app.register(
    async (flowService) => {
      flowService.addHook('onRequest', guard);

      flowService.get('/v1/healthcheck', async (_request, reply) => {
        if (sandbox.health) return reply.code(sandbox.health.status).send(sandbox.health.body ?? null);
        return reply.code(200).send();
      });

      flowService.post('/v1/flows', async (request, reply) => {
        const form = request.body;
        if (!(form instanceof FormData)) return error(reply, 400, 'MISSING_REQUIRED_FIELD', 'multipart/form-data expected');
        const rawInfo = form.get('flowInfo');
        const file = form.get('file');
        if (rawInfo === null || !(file instanceof Blob)) return error(reply, 400, 'MISSING_REQUIRED_FIELD', 'flowInfo and file are required');
        let info: FlowInfo;
        try {
          info = JSON.parse(typeof rawInfo === 'string' ? rawInfo : await rawInfo.text()) as FlowInfo;
        } catch {
          return error(reply, 400, 'INVALID_FLOW_INFO', 'flowInfo is not valid JSON');
        }
        if (!info || !['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'].includes(info.flowSyntax)) {
          return error(reply, 400, 'INVALID_FLOW_INFO', 'flowSyntax is missing or unknown');
        }
        if (sandbox.failSubmissions > 0) {
          sandbox.failSubmissions--;
          return error(reply, 503, 'SERVICE_UNAVAILABLE', 'Sandbox: submissions are failing on purpose');
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        if (!bytes.length) return error(reply, 422, 'EmptyFlow', 'The binary flow is empty');
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (info.sha256 && info.sha256 !== sha256) return error(reply, 422, 'ChecksumMismatch', 'Checksum provided is different from computed one');
        // Unicity: one flow per tracking id (a retry of a submission that went through).
        if (info.trackingId && [...sandbox.flows.values()].some((f) => f.info.trackingId === info.trackingId)) {
          return error(reply, 422, 'AlreadyExistingFlow', `A flow with trackingId ${info.trackingId} has already been received`);
        }
        const flowId = randomUUID();
        const now = stamp();
        // A lifecycle message the buyer states is about a supplier's invoice; the seller's (212) about its own.
        let flowType: Flow['flowType'] = 'CustomerInvoice';
        let status: LifecycleStatus | undefined;
        if (info.flowSyntax === 'CDAR') {
          try {
            status = parseLifecycleMessage(new TextDecoder().decode(bytes)).statuses[0];
          } catch {
            return error(reply, 422, 'InvalidSchema', 'The lifecycle message cannot be read');
          }
          const refusal = status && lifecycleRuleError(status);
          if (refusal) return error(reply, 422, 'InvoiceLCRuleError', refusal);
          flowType = status?.issuerRole === 'BY' ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC';
        }
        const flow: Flow = {
          flowId,
          trackingId: info.trackingId,
          submittedAt: now,
          updatedAt: now,
          flowType,
          processingRule: info.processingRule ?? 'B2B',
          processingRuleSource: info.processingRule ? 'Input' : 'Computed',
          flowDirection: 'Out',
          flowSyntax: info.flowSyntax,
          flowProfile: info.flowProfile,
          acknowledgement: { status: 'Ok' },
        };
        const invoice = info.flowSyntax === 'CDAR' ? undefined : await readReceivedInvoice(bytes).catch(() => undefined);
        sandbox.flows.set(flowId, { flow, info, file: bytes, fileName: file instanceof File ? file.name : 'flow', contentType: file.type, invoice, status });
        if (invoice && info.trackingId && options.autoDeposit !== false) playStatus(info.trackingId, 200);
        return reply.code(202).send({ flowId, submittedAt: now, ...info, sha256 });
      });

      flowService.post('/v1/flows/search', async (request, reply) => {
        const body = request.body as FlowSchemas['SearchFlowParams'] | undefined;
        const where = body?.where;
        if (!where || typeof where !== 'object' || !Object.keys(where).length) return error(reply, 400, 'MISSING_REQUIRED_FIELD', 'where needs at least one criterion');
        const limit = Math.min(Math.max(Number(body.limit) || 25, 1), 100);
        const results = [...sandbox.flows.values()]
          .map((f) => f.flow)
          .filter((f) => !where.updatedAfter || f.updatedAt! > where.updatedAfter)
          .filter((f) => !where.updatedBefore || f.updatedAt! < where.updatedBefore)
          .filter((f) => !where.trackingId || f.trackingId === where.trackingId)
          .filter((f) => !where.flowType?.length || where.flowType.includes(f.flowType!))
          .filter((f) => !where.processingRule?.length || where.processingRule.includes(f.processingRule!))
          .filter((f) => !where.flowDirection?.length || where.flowDirection.includes(f.flowDirection!))
          .filter((f) => !where.ackStatus || f.acknowledgement?.status === where.ackStatus)
          .sort((a, b) => a.updatedAt!.localeCompare(b.updatedAt!))
          .slice(0, limit);
        return { limit, filters: where, results } satisfies FlowSchemas['SearchFlowContent'];
      });

      flowService.get('/v1/flows/:flowId', async (request, reply) => {
        const { flowId } = request.params as { flowId: string };
        const { docType = 'Metadata' } = request.query as { docType?: string };
        const stored = sandbox.flows.get(flowId);
        if (!stored) return error(reply, 404, 'FLOW_NOT_FOUND', `No flow ${flowId}`);
        if (docType === 'Metadata') return stored.flow;
        if (docType === 'Original') {
          return reply
            .header('Content-Disposition', `attachment;filename=${stored.fileName}`)
            .type('application/octet-stream')
            .send(Buffer.from(stored.file));
        }
        return error(reply, 404, 'DOCUMENT_NOT_AVAILABLE', `No ${docType} document for this flow`);
      });
    },
    { prefix: '/flow-service' },
  );

  await app.register(
    async (directoryService) => {
      directoryService.addHook('onRequest', guard);
      type Problem = DirectorySchemas['error'];
      const notFound = (reply: FastifyReply, siren: string) =>
        reply.code(404).type('application/problem+json').send({ type: 'about:blank', status: 404, message: `SIREN ${siren} inconnu de l’annuaire` } satisfies Problem);

      directoryService.get('/v1/siren/:code', async (request, reply) => {
        const { code } = request.params as { code: string };
        const siren = /^code-insee:(\d{9})$/.exec(code)?.[1];
        if (!siren) return reply.code(400).type('application/problem+json').send({ type: 'about:blank', status: 400, message: 'SIREN invalide' } satisfies Problem);
        return directory.get(siren) ?? notFound(reply, siren);
      });

      directoryService.post('/v1/siren/search', async (request) => {
        const body = (request.body ?? {}) as DirectorySchemas['searchSiren'];
        const wanted = body.filters?.siren?.value ?? '';
        const results = [...directory.values()].filter((u) => u.siren!.includes(wanted)).slice(0, body.limit ?? 50);
        return { search: body, totalNumberOfResults: results.length, results } satisfies DirectorySchemas['sirenSearchPost200Response'];
      });
    },
    { prefix: '/directory-service' },
  );

  // Control routes, for a person trying the whole cycle locally (and the e2e journey): what the
  // buyer and the suppliers would do. No authentication: a sandbox on 127.0.0.1, never a platform.
  app.post('/sandbox/flows/:trackingId/statuses', async (request, reply) => {
    const { trackingId } = request.params as { trackingId: string };
    const body = (request.body ?? {}) as { code?: number; reason?: string; reason_code?: string };
    const code = Number(body.code);
    if (!isLifecycleStatusCode(code)) return reply.code(400).send({ error: 'code: a lifecycle status, 200–213' });
    if (!submittedInvoice(trackingId)) return reply.code(404).send({ error: `No invoice submitted with trackingId ${trackingId}` });
    const reason = body.reason_code ? { code: body.reason_code, text: body.reason ?? '' } : body.reason;
    return reply.code(201).send({ flowId: playStatus(trackingId, code, reason) });
  });
  app.post('/sandbox/supplier-invoices', { bodyLimit: 20 * 1024 * 1024 }, async (request, reply) => {
    const { name = 'facture-fournisseur' } = request.query as { name?: string };
    const body = request.body;
    if (!Buffer.isBuffer(body) || !body.length) return reply.code(400).send({ error: 'Send the invoice file as the raw body' });
    return reply.code(201).send({ flowId: await deliverSupplierInvoice(new Uint8Array(body), name) });
  });
  // Each flow, and for a lifecycle message Carnet sent, the status it read (code, reasonCode, reason).
  app.get('/sandbox/flows', async () => [...sandbox.flows.values()].map((f) => (f.status ? { ...f.flow, status: f.status } : f.flow)));

  async function deliverSupplierInvoice(file: Uint8Array, name: string): Promise<string> {
    const isPdf = Buffer.from(file.subarray(0, 5)).toString('latin1') === '%PDF-';
    const text = isPdf ? '' : new TextDecoder().decode(file.subarray(0, 2000));
    const syntax: FlowInfo['flowSyntax'] = isPdf ? 'Factur-X' : text.includes('CrossIndustryInvoice') ? 'CII' : 'UBL';
    return incoming('SupplierInvoice', syntax, file, name, `supplier-${randomUUID()}`);
  }

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const baseUrl = address.replace('[::1]', '127.0.0.1');
  return Object.assign(sandbox, {
    app,
    baseUrl,
    tokenUrl: `${baseUrl}/oauth/token`,
    flowServiceUrl: `${baseUrl}/flow-service`,
    directoryServiceUrl: `${baseUrl}/directory-service`,
    clientId,
    clientSecret,
    revokeTokens: () => tokens.clear(),
    playStatus,
    deliverSupplierInvoice,
    rejectFlow(trackingId: string, reasonCode: string, reasonMessage: string) {
      const stored = [...sandbox.flows.values()].find((f) => f.flow.flowDirection === 'Out' && f.info.trackingId === trackingId);
      if (!stored) throw new Error(`Sandbox: no flow with trackingId ${trackingId}`);
      stored.flow.acknowledgement = { status: 'Error', details: [{ level: 'Error', item: trackingId, reasonCode, reasonMessage }] };
      stored.flow.updatedAt = stamp();
    },
    submitted: (syntax?: FlowInfo['flowSyntax']) =>
      [...sandbox.flows.values()].filter((f) => f.flow.flowDirection === 'Out' && (!syntax || f.info.flowSyntax === syntax)),
    close: () => app.close(),
  });
}
