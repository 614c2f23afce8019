import crypto from 'node:crypto';
import os from 'node:os';
import { hashRaw } from '@node-rs/argon2';
import { median, timed } from './measure.ts';

/**
 * `npm run bench:hash`: every setting OWASP's Password Storage Cheat Sheet lists as equally strong,
 * timed on this machine — one hash alone (median) and 20 hashes started at once, the way 20
 * simultaneous sign-ins meet them. The chosen setting is in platform/passwords.ts; why, in
 * docs/decisions.md ("Accounts"). Both libraries run on the libuv thread pool: UV_THREADPOOL_SIZE
 * in the environment changes how many hashes run side by side.
 */
const SINGLE_RUNS = Number(process.env.BENCH_HASH_RUNS ?? 15);
const CONCURRENT = 20;
const BATCHES = 3;
const password = 'correct horse battery staple';

const scrypt = (N: number, r: number, p: number) => ({
  name: `scrypt N=2^${Math.log2(N)} r=${r} p=${p}`,
  memoryMiB: (128 * N * r) / 2 ** 20,
  run: () =>
    new Promise<void>((resolve, reject) =>
      crypto.scrypt(password, crypto.randomBytes(16), 32, { N, r, p, maxmem: 256 * N * r }, (error) =>
        error ? reject(error) : resolve(),
      ),
    ),
});
const argon2id = (memoryMiB: number, t: number) => ({
  name: `argon2id m=${memoryMiB} MiB t=${t} p=1`,
  memoryMiB,
  run: async () => {
    await hashRaw(password, {
      algorithm: 2, // Argon2id (a const enum, which isolated modules cannot import)
      memoryCost: memoryMiB * 1024,
      timeCost: t,
      parallelism: 1,
      salt: crypto.randomBytes(16),
    });
  },
});

const options = [
  scrypt(2 ** 17, 8, 1),
  scrypt(2 ** 16, 8, 2),
  scrypt(2 ** 15, 8, 3),
  scrypt(2 ** 14, 8, 5),
  scrypt(2 ** 13, 8, 10),
  argon2id(46, 1),
  argon2id(19, 2),
  argon2id(12, 3),
  argon2id(9, 4),
  argon2id(7, 5),
];

console.log(
  `${os.cpus().length} cores, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}, load ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  'setting                    | memory | one hash ms (median) | 20 at once: last done ms | hashes/s',
);
for (const option of options) {
  await option.run(); // warm-up
  const single: number[] = [];
  for (let run = 0; run < SINGLE_RUNS; run += 1) single.push(await timed(option.run));
  const batches: number[] = [];
  for (let batch = 0; batch < BATCHES; batch += 1)
    batches.push(await timed(() => Promise.all(Array.from({ length: CONCURRENT }, option.run))));
  const batchMs = median(batches);
  console.log(
    `${option.name.padEnd(26)} | ${`${option.memoryMiB}M`.padStart(6)} | ${median(single).toFixed(1).padStart(20)} | ${batchMs.toFixed(0).padStart(24)} | ${((CONCURRENT * 1000) / batchMs).toFixed(0).padStart(8)}`,
  );
}
