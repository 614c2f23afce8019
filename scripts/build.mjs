// `npm run build` (and the first step of `npm start`): builds the web app, the operator console and
// the server, each only when what it is built from changed since its last build. A build leaves a
// stamp in its output folder: a digest of every file it was built from, the lock file included.
// `--force` builds them anyway; names (`web`, `admin`, `server`) pick which are considered.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';
const SKIPPED = new Set(['node_modules', 'dist', '.vite']);
/** Shared by every build: the contract, the dependency versions, the compiler settings. */
const COMMON = ['packages/contract/src', 'package-lock.json', 'tsconfig.json'];

const TARGETS = [
  {
    key: 'web',
    name: 'web app',
    workspace: '@app/web',
    from: ['packages/web', ...COMMON],
    out: 'packages/web/dist',
  },
  {
    key: 'admin',
    name: 'console',
    workspace: '@app/admin',
    // The phone previews draw the web app's own components (packages/admin/src/phone-preview).
    from: ['packages/admin', 'packages/web/src', 'packages/web/package.json', ...COMMON],
    out: 'packages/admin/dist',
  },
  {
    key: 'server',
    name: 'server',
    workspace: '@app/server',
    // Tests do not change the compiled server.
    from: ['packages/server/src', 'packages/server/scripts', 'packages/server/package.json', ...COMMON],
    out: 'packages/server/dist',
    skip: (file) => /\.test\.ts$|[/\\]test[/\\]/.test(file),
  },
];

function* filesOf(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (!SKIPPED.has(name)) yield* filesOf(path.join(entry, name));
  }
}

function digestOf(target) {
  const hash = crypto.createHash('sha256');
  for (const from of target.from) {
    for (const file of filesOf(path.join(root, from))) {
      if (target.skip?.(file)) continue;
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const picked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const target of TARGETS.filter(({ key }) => picked.length === 0 || picked.includes(key))) {
  const digest = digestOf(target);
  const stampFile = path.join(root, target.out, STAMP);
  const stamp = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (!force && stamp === digest) {
    console.log(`${target.name}: up to date`);
    continue;
  }
  console.log(`${target.name}: building`);
  const started = Date.now();
  // Always a production build: a build started from a test (NODE_ENV=test, e.g. the cluster test's
  // `cluster:local`) made Vite bundle React's development build, 60 KB gz more, and its stamp then
  // let `npm start` serve that.
  const run = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.writeFileSync(stampFile, digest);
  console.log(`${target.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
