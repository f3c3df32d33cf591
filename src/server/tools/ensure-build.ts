/**
 * `npm start` runs this first: it builds client and server into dist/ unless the last build
 * is newer than every source file, so a fresh clone works with `npm install && npm start`.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'public', 'webpack.config.js', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p)
    .filter((name) => name !== '__tests__' && name !== 'node_modules')
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
if (built >= sources) {
  console.log('Build à jour (dist/).');
} else {
  console.log('Construction de l’application (npm run build)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}
