import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { Dialect } from './db/database';
import type { MailDelivery } from './mail/outbox';
import type { JobRunner } from './jobs/runner';
import type { AuthService, TokenService } from './modules/auth';
import type { RateLimiter } from './plugins/rate-limit';
import type { onRequestHookHandler } from 'fastify';

/** What route modules receive: configuration and shared services, no global state. */
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Delivers the e-mails committed to the outbox (mail/outbox.ts): documents', reminders', accounts'. */
  outbox: MailDelivery;
  /** Background jobs (jobs/runner.ts): modules register their handlers on it and schedule jobs. */
  jobs: JobRunner;
  tokens: TokenService;
  rateLimit: RateLimiter;
  auth: AuthService;
  /** onRequest hook that authenticates protected routes. */
  requireUser: onRequestHookHandler;
}
