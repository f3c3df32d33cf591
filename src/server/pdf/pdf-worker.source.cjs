// The PDF worker when the server runs from its TypeScript sources (jest, tsx): worker threads
// start without the parent's loaders, so tsx's is registered here first. A build runs
// dist/…/pdf-worker.js instead (pdf-pool.ts picks the file).
require('tsx/cjs');
module.exports = require('./pdf-worker.ts');
