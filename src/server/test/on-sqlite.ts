/**
 * Setup file of the `server` jest project (jest.config.ts): its test files run on SQLite even when
 * TEST_DATABASE_URL is set for the `server-pg` project of the same run. Each test file has its own
 * copy of process.env, so this hides the variable from this file only.
 */
delete process.env.TEST_DATABASE_URL;
