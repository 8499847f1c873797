// `npm start` builds the app only when dist/ is missing or older than its sources, was built
// before the build made compressed copies (server/http/precompress.ts; the server sends those), or
// is not a production build.
//
// Always a production build: the test runner sets NODE_ENV=test, and Vite builds with the
// NODE_ENV it finds, so the browser suite (which calls this) used to build React's and React
// Router's development code into dist/, 63 KiB more gzip JavaScript before the first render and
// several times slower rendering, and `npm start` after `npm test` then served that build.
// The build's own source maps are checked afterwards: a development build fails here, loudly.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
/** Written after a build that passed `assertProduction`. */
const MARK = path.join(root, 'dist', '.production');

function newest(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newest(path.join(p, name))), stat.mtimeMs);
}

/** Throws when a script of the build was made from a library's development code. */
function assertProduction() {
  const assets = path.join(root, 'dist', 'assets');
  const dev = new Set();
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(readFileSync(path.join(assets, name), 'utf8'));
    for (const source of sources) {
      // React's `*.development.js` (react-router's `dist/development/` is the same code as its
      // `dist/production/`, and the only one its exports name).
      if (/node_modules\/.*\.development\.m?js$/.test(source)) dev.add(source.split('node_modules/').pop());
    }
  }
  if (dev.size) throw new Error(`dist/ holds development builds of libraries (NODE_ENV was not production): ${[...dev].join(', ')}`);
}

const compressed = existsSync(`${STAMP}.br`) && existsSync(`${STAMP}.gz`);
const built = existsSync(STAMP) && compressed && existsSync(MARK) ? statSync(STAMP).mtimeMs : 0;
const source = Math.max(
  ...SOURCES.map((s) => path.join(root, s))
    .filter(existsSync)
    .map(newest),
);
if (source > built) {
  const why =
    !existsSync(STAMP) || !compressed
      ? 'no build, or one without its compressed copies'
      : !existsSync(MARK)
        ? 'the last one is not known to be a production build'
        : 'sources changed since the last build';
  console.log(`Building the app (${why})…`);
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  assertProduction();
  writeFileSync(MARK, `${new Date().toISOString()}\n`);
}
