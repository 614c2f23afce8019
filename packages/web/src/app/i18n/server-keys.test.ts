import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusMessageKey } from '@app/contract/status-codes';
import { cn } from './cn.ts';
import { tw } from './tw.ts';

const serverSource = path.resolve(import.meta.dirname, '../../../../server/src');
const contractSource = path.resolve(import.meta.dirname, '../../../../contract/src');

/** The server's TypeScript files the app talks to: not its tests, and not the console's API. */
function appServerFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return /^(console.*|operators|test)$/.test(entry.name) ? [] : appServerFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * Every `status.message` key the server can send to the app, read from its source as written:
 * the literal of each `fail`, `refuse`, `notFound` and `AppError`, the contract's key lists the
 * server names in refusals (`*_MESSAGE_KEYS`), and the status table's defaults.
 */
function serverKeys(): Set<string> {
  const keys = new Set<string>(Object.values(statusMessageKey));
  const thrown = /\b(?:fail|refuse|AppError)\(\s*Status\.\w+,\s*'([a-z_]+)'|\bnotFound\(\s*'([a-z_]+)'/g;
  for (const file of appServerFiles(serverSource)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(thrown)) keys.add((match[1] ?? match[2])!);
  }
  const lists = /export const \w+_MESSAGE_KEYS = \[([^\]]*)\]/g;
  for (const file of fs.readdirSync(contractSource).filter((name) => name.endsWith('.ts'))) {
    for (const list of fs.readFileSync(path.join(contractSource, file), 'utf8').matchAll(lists)) {
      for (const key of list[1]!.matchAll(/'([a-z_]+)'/g)) keys.add(key[1]!);
    }
  }
  return keys;
}

describe('server message keys', () => {
  const keys = serverKeys();

  it('reads the keys the server sends, including the follow and import refusals', () => {
    expect(keys.size).toBeGreaterThan(60);
    for (const key of ['vip_required', 'import_switched_off', 'cannot_follow_self', 'video_not_found'])
      expect(keys).toContain(key);
  });

  it('has every key the server can send in both catalogues', () => {
    const missing = (catalogue: Record<string, string>) =>
      [...keys].filter((key) => key !== 'ok' && !Object.hasOwn(catalogue, key));
    expect(missing(cn)).toEqual([]);
    expect(missing(tw)).toEqual([]);
  });
});
