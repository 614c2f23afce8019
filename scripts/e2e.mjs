// `npm run test:e2e`: the browser suite in two lanes at once, each a vitest run with its own server
// (its own first start on its own DATA_DIR), so a console spec that changes the catalogue or the
// settings never meets a phone spec of the other lane. The console specs and the start-up spec
// share lane 1, whose server starts first: the start-up spec checks that first start's time, so
// lane 2's server starts only once lane 1's answers. Every other spec goes to the lighter lane.
// With file names (`npm run test:e2e -- e2e/player.spec.ts`) or E2E_BASE_URL (one product already
// running, which two lanes would share), the suite runs as one vitest run, one file at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const config = path.join('e2e', 'vitest.config.ts');
const args = process.argv.slice(2);

function run(files, env, label) {
  const child = spawn(process.execPath, [vitest, 'run', '--config', config, ...files], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (label) {
    for (const stream of [child.stdout, child.stderr]) {
      const out = stream === child.stdout ? process.stdout : process.stderr;
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
    }
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1))));
}

if (args.length || process.env.E2E_BASE_URL) process.exit(await run(args, {}));

const specs = fs
  .readdirSync(path.join(root, 'e2e'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
// A spec's length stands in for its running time when dealing them out.
const weight = (name) => fs.readFileSync(path.join(root, 'e2e', name), 'utf8').split('\n').length;
const first = (name) => name.startsWith('console-') || name === 'startup.spec.ts';
const lanes = [
  { files: specs.filter(first), weight: 0 },
  { files: [], weight: 0 },
];
lanes[0].weight = lanes[0].files.reduce((sum, name) => sum + weight(name), 0);
for (const name of specs.filter((spec) => !first(spec)).sort((a, b) => weight(b) - weight(a))) {
  const lighter = lanes[0].weight <= lanes[1].weight ? lanes[0] : lanes[1];
  lighter.files.push(name);
  lighter.weight += weight(name);
}

const signal = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-lanes-'));
const ready = path.join(signal, 'lane-1-serving');
const codes = await Promise.all(
  lanes.map((lane, index) =>
    run(
      lane.files.map((name) => path.join('e2e', name)),
      index === 0 ? { E2E_SERVING_FILE: ready } : { E2E_START_AFTER: ready },
      `lane ${index + 1}`,
    ),
  ),
);
fs.rmSync(signal, { recursive: true, force: true });
console.log(
  `browser lanes finished: ${codes.map((code, i) => `lane ${i + 1} ${code ? 'FAILED' : 'passed'}`).join(', ')}`,
);
process.exit(codes.some(Boolean) ? 1 : 0);
