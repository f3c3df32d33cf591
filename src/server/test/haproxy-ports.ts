// The HAProxy project's servers listen in a band of their own (suitePort in server-process.ts): CI
// runs this project beside the SQLite and PostgreSQL suites, whose two workers use 8501–8649.
process.env.TEST_PORT_BAND_OFFSET = '300';
