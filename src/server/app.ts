import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { AppContext } from './context';
import { createMailer, type Mailer } from './mail/mailer';
import { usePdfRendering } from './pdf/pdf-pool';
import { useLedgerKey, ledgerModule } from './modules/ledger';
import { archivedPdfReader, documentsModule } from './modules/documents';
import { createMailDelivery, type MailDelivery, type MailDeliverySettings } from './mail/outbox';
import { createJobRunner, type JobRunner, type JobRunnerSettings } from './jobs/runner';
import {
  authModule,
  createAuthService,
  createSessionGuard,
  createTokenService,
  requireUser,
  sessionsRepository,
} from './modules/auth';
import { redactLinkTokens } from './http/link-redaction';
import { profileModule } from './modules/profile';
import { contactsModule } from './modules/contacts';
import { projectsModule } from './modules/projects';
import { tasksModule } from './modules/tasks';
import { timeModule } from './modules/time';
import { activityModule } from './modules/activity';
import { searchModule } from './modules/search';
import { reportsModule } from './modules/reports';
import { remindersModule } from './modules/reminders';
import { emailTemplatesModule } from './modules/email-templates';
import { recurringModule } from './modules/recurring';
import { healthModule } from './modules/health';
import { catalogueModule } from './modules/catalogue';
import { receivedInvoicesModule } from './modules/received-invoices';
import { portalModule } from './modules/portal';
import { einvoicingModule } from './modules/einvoicing';
import type { PlatformClientOptions } from './einvoicing/platform-client';
import { registerErrorHandling } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { createRateLimiter } from './plugins/rate-limit';
import { registerSecurityHeaders, registerWebApp } from './plugins/web-app';
import { registerApiRevalidation, registerCompression } from './plugins/http-caching';
import { registerOpenApi } from './plugins/openapi';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runner (tests drive it with `runDue()`). */
    jobs: JobRunner;
    /** This process's mail delivery worker (tests wait for it with `idle()`). */
    outbox: MailDelivery;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** Fastify logger setting; defaults to the configured level (tests may give a stream to read the lines). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Sees every route as it is registered (tests derive their route matrices from it). */
  onRoute?: (route: RouteOptions) => void;
  /** Outbox delivery timings (tests shorten the retry delays and the lease). */
  mailDelivery?: Partial<MailDeliverySettings>;
  /**
   * Job runner settings (tests give a fake clock and short timings); `autoStart: false` leaves the
   * runner stopped, for a test to drive it with `ctx.jobs.runDue()` (see jobs/runner.ts).
   */
  jobs?: Partial<JobRunnerSettings> & { autoStart?: boolean };
  /** The e-invoicing platform client's settings (tests count the token calls, shorten the time limit). */
  einvoicing?: Partial<PlatformClientOptions>;
}

/** The whole application, ready for `listen()` or `inject()`. The database must be migrated. */
export async function buildApp({ config, database, mailer, logger, onRoute, mailDelivery, jobs: jobOptions, einvoicing }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            // Never in a log line, whatever a module logs: platform secrets and tokens (issue 26).
            redact: {
              paths: ['client_secret', '*.client_secret', 'access_token', '*.access_token', 'req.headers.authorization'],
              censor: '[masqué]',
            },
            // Activation and reset links carry a live token in their path: logged URLs hide it.
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactLinkTokens(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    // Rate limits key on the client address. X-Forwarded-For is believed only from the configured
    // proxies: trusting any sender (`true`) let a client pick its address and dodge the limits.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  // PDF threads are per process: started with the first render, stopped when no app needs them.
  app.addHook('onClose', usePdfRendering({ workers: config.pdfWorkers, timeoutMs: config.pdfTimeoutMs }));
  // The journal's seals need the key from outside the database (config.ts, ledger-seal.ts).
  const releaseLedgerKey = useLedgerKey(config.ledgerKey);
  app.addHook('onClose', async () => releaseLedgerKey());

  const tokens = createTokenService(config.secretKey);
  const sessions = sessionsRepository(database.db);
  const sessionGuard = createSessionGuard(sessions.liveOwner);
  const resolvedMailer =
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  // Document and account e-mails leave through the outbox: delivered from start-up on, until the app closes.
  const outbox = createMailDelivery({
    db: database.db,
    mailer: resolvedMailer,
    log: app.log,
    settings: { leaseMs: config.mailLeaseMs, ...mailDelivery },
    archivedPdf: archivedPdfReader(database.db),
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  // Background jobs (automatic reminders, recurring invoices): run from start-up on in every process.
  const { autoStart = true, ...jobSettings } = jobOptions ?? {};
  const jobs = createJobRunner({ db: database.db, log: app.log, settings: jobSettings });
  app.decorate('jobs', jobs);
  if (autoStart) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    outbox,
    jobs,
    tokens,
    rateLimit: createRateLimiter(database.db, config.rateLimitScale),
    auth: createAuthService({
      db: database.db,
      outbox,
      tokens,
      sessions,
      sessionGuard,
      secretKey: config.secretKey,
      appUrl: config.appUrl,
    }),
    requireUser: requireUser(tokens, sessionGuard),
  };

  await registerSecurityHeaders(app, config.analyticsScriptUrl);
  await registerCompression(app);
  const spaFallback = await registerWebApp(app, config.publicDir, config.analyticsScriptUrl);
  registerErrorHandling(app, spaFallback);
  registerInputGuard(app);
  await registerOpenApi(app, config);

  await app.register(
    async (api) => {
      registerApiRevalidation(api);
      await api.register(healthModule, ctx);
      await api.register(authModule, ctx);
      await api.register(profileModule, ctx);
      await api.register(contactsModule, ctx);
      await api.register(projectsModule, ctx);
      await api.register(tasksModule, ctx);
      await api.register(timeModule, ctx);
      await api.register(documentsModule, ctx);
      await api.register(activityModule, ctx);
      await api.register(searchModule, ctx);
      await api.register(ledgerModule, ctx);
      await api.register(reportsModule, ctx);
      await api.register(remindersModule, ctx);
      await api.register(emailTemplatesModule, ctx);
      await api.register(recurringModule, ctx);
      await api.register(catalogueModule, ctx);
      await api.register(portalModule, ctx);
      await api.register(einvoicingModule, { ...ctx, platform: einvoicing });
      await api.register(receivedInvoicesModule, ctx);
    },
    { prefix: '/api' },
  );
  return app;
}
