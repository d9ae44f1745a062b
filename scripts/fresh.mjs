#!/usr/bin/env node
// `npm start` runs this before the server: it builds (npm run build) only when the build is missing or older than
// its sources, so that a built checkout serves at once. `npm run build` ends with `fresh.mjs --stamp`, which marks
// the build done (dist/.built). `fresh.mjs --check [DIR]` only says: exit 0 when the build is fresh, 1 when not.
// `fresh.mjs --prepare` (npm's "prepare") builds, without a word, only when the build is missing or stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP = 'dist/.built';
/** What the build reads besides src/ (test files and test helpers are not built). */
const CONFIG = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts'];

/** The newest modification time (ms) of the build's inputs under `root`. */
function newestInput(root) {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (!entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts') newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  visit(join(root, 'src'));
  for (const file of CONFIG) if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/** Why the build under `root` must be made again, or undefined when it is fresh. */
export function staleness(root) {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist/cli/main.js'))) return 'no build yet';
  return newestInput(root) > statSync(stamp).mtimeMs ? 'the sources changed since the last build' : undefined;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const [mode, dir] = process.argv.slice(2);
if (mode === '--stamp') {
  writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
} else if (mode === '--check') {
  process.exitCode = staleness(dir ?? root) === undefined ? 0 : 1;
} else {
  // No mode: `npm start`, which says why it builds. `--prepare`: npm's "prepare" (at `npm install`, and when `npx stich`
  // first installs this checkout), silent; it used to build every time, and a build in the middle of a test run (the
  // first `npx stich` on a machine) replaced the client under the browser tests.
  const why = staleness(root);
  if (why !== undefined) {
    if (mode !== '--prepare') process.stderr.write(`stich: building first (${why}) …\n`);
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    process.exitCode = build.status ?? 1;
  }
}
