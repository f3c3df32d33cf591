import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { AppContext } from './context';
import { createMailer, type Mailer } from './mail/mailer';
import { usePdfRendering } from './pdf/pdf-pool';
import { useLedgerKey } from './modules/ledger/ledger-seal';
import { archivedPdfReader } from './modules/documents/issuing';
import { createMailDelivery, type MailDelivery, type MailDeliverySettings } from './mail/outbox';
import { createJobRunner, type JobRunner, type JobRunnerSettings } from './jobs/runner';
import { createTokenService } from './modules/auth/tokens';
import { createAuthService } from './modules/auth/auth.service';
import { sessionsRepository } from './modules/auth/sessions.repository';
import { createSessionGuard } from './modules/auth/session-guard';
import { redactLinkTokens } from './modules/auth/account-links';
import { authRoutes } from './modules/auth/auth.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { searchRoutes } from './modules/search/search.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { recurringRoutes } from './modules/recurring/recurring.routes';
import { healthRoutes } from './modules/health/health.routes';
import { requireUser } from './plugins/authenticate';
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
}

/** The whole application, ready for `listen()` or `inject()`. The database must be migrated. */
export async function buildApp({ config, database, mailer, logger, onRoute, mailDelivery, jobs: jobOptions }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
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
      await api.register(healthRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(profileRoutes, ctx);
      await api.register(contactsRoutes, ctx);
      await api.register(projectsRoutes, ctx);
      await api.register(tasksRoutes, ctx);
      await api.register(documentsRoutes, ctx);
      await api.register(activityRoutes, ctx);
      await api.register(searchRoutes, ctx);
      await api.register(ledgerRoutes, ctx);
      await api.register(reportsRoutes, ctx);
      await api.register(remindersRoutes, ctx);
      await api.register(recurringRoutes, ctx);
    },
    { prefix: '/api' },
  );
  return app;
}
