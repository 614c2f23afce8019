// `npm run build -w @app/server`: the server and its command-line tools as plain JavaScript for
// `node`, with source maps (docs/decisions.md, "Issue 35: compiled server"). Our own code and the
// contract are bundled, one file per entry; every npm package stays an import of node_modules, so
// packages that find their own files next to them (PGlite's wasm, OpenCC's dictionaries, the ffmpeg
// installer's binary) work as they do from source.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(serverRoot, 'dist');

/** Bare imports are packages (kept external), except this repository's own workspaces (bundled). */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  // Flat: every entry sits in dist/, as each source sat one folder below the package (config.ts
  // finds the web app's and console's builds from its own place, `import.meta.dirname/..`).
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    ingest: 'src/cli/ingest.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
// The thread-pool preload is plain CommonJS already; dist/ carries it so the folder runs alone.
fs.copyFileSync(
  path.join(serverRoot, 'src', 'platform', 'thread-pool.cjs'),
  path.join(outdir, 'thread-pool.cjs'),
);
