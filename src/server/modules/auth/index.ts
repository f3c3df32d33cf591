/**
 * The auth module's public API: what the composition root wires (tokens, sessions, the request
 * hook, the service, the routes) and what other modules need of accounts (profile, reminders,
 * issuing: the user's row; profile: the password rules).
 */
export { authRoutes as authModule } from './auth.routes';
export { createAuthService, EMAIL_TAKEN, type AuthService } from './auth.service';
export { requireUser } from './authenticate';
export { passwordStrengthErrors, verifyPassword } from './passwords';
export { createSessionGuard } from './session-guard';
export { sessionsRepository } from './sessions.repository';
export { createTokenService, type TokenService } from './tokens';
export { usersRepository, type UserRow } from './users.repository';
