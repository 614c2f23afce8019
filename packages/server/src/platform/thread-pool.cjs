// Preloaded with `node --require` by every way the server starts (package.json, tests, benchmarks),
// because libuv sizes its thread pool once, on first use, and the TypeScript loader uses it before
// any module of ours runs. Password hashes run on that pool: one thread per core keeps them from
// sharing cores and caches, which stretched every sign-in's wait (docs/decisions.md, "Accounts").
process.env.UV_THREADPOOL_SIZE ??= String(require('node:os').availableParallelism());
