// `npm start` builds the app only when dist/ is missing or older than its sources, or was built
// before the build made compressed copies (server/http/precompress.ts; the server sends those).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SOURCES = [
  'src',
  'worker',
  'domain',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'server/http/precompress.ts',
  'package-lock.json',
];
const STAMP = path.join(root, 'dist', 'index.html');

function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

const compressed = existsSync(`${STAMP}.br`) && existsSync(`${STAMP}.gz`);
const built = existsSync(STAMP) && compressed ? statSync(STAMP).mtimeMs : 0;
const source = Math.max(
  ...SOURCES.map((s) => path.join(root, s))
    .filter(existsSync)
    .map(newest),
);
if (source > built) {
  console.log(
    compressed
      ? 'Building the app (sources changed since the last build)…'
      : 'Building the app (no build, or one without its compressed copies)…',
  );
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
