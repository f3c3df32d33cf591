// The HAProxy project's servers listen in a band of their own (suitePort in server-process.ts):
// the SQLite and PostgreSQL suites' workers (up to five) use 8501–8900.
process.env.TEST_PORT_BAND_OFFSET = '500';
