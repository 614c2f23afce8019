import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';
import { cnFirst } from './cn-first.ts';
import { cnMore } from './cn-more.ts';

const src = path.resolve(import.meta.dirname, '../..');
// What the first render draws: the shell (with the loading screen and the bottom menu), the
// landing home page, the cover ad and a first start's age confirmation. Everything else loads through `withCatalogue`.
const FIRST_SCREEN = [
  'app/render.tsx',
  'features/home/pages/HomePage.tsx',
  'app/popups/CoverAd.tsx',
  'app/shell/AgeGate.tsx',
];

/**
 * The catalogue keys the first screen's modules name: walks their static imports (not
 * `import()`) and collects every string literal that is a key, and every key a template literal's
 * fixed start names (`startup_error_${marker}`). A string that only looks like a key counts too.
 */
function keysNamedFrom(entries: string[]): Set<string> {
  const keys = Object.keys(cn);
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, word] of source.matchAll(/['"`]([a-z][a-z0-9_]*)['"`]/g))
      if (keys.includes(word!)) found.add(word!);
    for (const [, start] of source.matchAll(/`([a-z][a-z0-9_]*_)\$\{/g))
      for (const key of keys) if (key.startsWith(start!)) found.add(key);
    const imports = source.matchAll(
      /^\s*(?:import|export)(?!\s*\(|\s+type\b)\b[^'"]*?['"](\.{1,2}\/[^'"]+\.tsx?)['"]/gm,
    );
    for (const [, target] of imports) visit(path.resolve(path.dirname(file), target!));
  };
  for (const entry of entries) visit(path.join(src, entry));
  expect(seen.size).toBeGreaterThan(FIRST_SCREEN.length); // the walk followed imports
  return found;
}

describe('the catalogue in two parts', () => {
  it('has in its first part every key the first screen names', () => {
    const missing = [...keysNamedFrom(FIRST_SCREEN)].filter((key) => !Object.hasOwn(cnFirst, key));
    expect(missing).toEqual([]);
  });

  it('has each key in one part only', () => {
    expect(Object.keys(cnFirst).filter((key) => Object.hasOwn(cnMore, key))).toEqual([]);
  });

  it('keeps the first part small: the first render waits for it', () => {
    expect(Object.keys(cnFirst).length).toBeLessThan(Object.keys(cnMore).length / 3);
  });
});
