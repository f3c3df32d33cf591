// Lints virtual files with the repository's ESLint config (layer-walls.test.ts): ESLint loads its
// config with a dynamic import, which Jest's module sandbox refuses, so the test runs this in a child
// process. Reads `[{ filePath, code }]` (paths from the repository root) on stdin and writes, for
// each, its `[{ rule, message }]` as JSON — one ESLint instance for all.
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../..');
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  results.push(result.messages.map((m) => ({ rule: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(results));
