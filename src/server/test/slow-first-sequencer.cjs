// Jest's order (jest.config.ts testSequencer): its own (failed first, then by last duration, by file
// size when it has none, as on CI's fresh clone), except that the files starting real server
// processes (startServer, test/server-process.ts) go first: they take 10–40 s whatever their size, and one started
// last keeps the run waiting on it while the other core idles.
const Sequencer = require('@jest/test-sequencer').default;
const { readFileSync } = require('node:fs');

const startsServers = new Map();
const spawnsServers = (path) => {
  if (!startsServers.has(path)) startsServers.set(path, /\bstartServer\(/.test(readFileSync(path, 'utf8')));
  return startsServers.get(path);
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    return [...ordered.filter((t) => spawnsServers(t.path)), ...ordered.filter((t) => !spawnsServers(t.path))];
  }
}

module.exports = SlowFirstSequencer;
