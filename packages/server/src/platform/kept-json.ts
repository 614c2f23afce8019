import { Status, statusMessageKey } from '@app/contract';

/**
 * JSON text of values that are kept in memory and served to many callers (the browsing lists of
 * ListCache, their videos, creators and studios), made once per value instead of on every request.
 * A feed of 60 videos with their creators costs more to stringify than everything else its request
 * does; with this only the few objects made for one caller (a liked video's flagged copy, the
 * reply's wrapper) are serialized afresh, and the rest is joined from text already made.
 *
 * Kept values must not be changed after they were first served (ListCache's values never are).
 */
const made = new WeakMap<object, string>();

export function keptJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const known = made.get(value);
  if (known !== undefined) return known;
  let json: string;
  if (Array.isArray(value)) {
    json = `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : keptJson(item))).join(',')}]`;
  } else if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    json = JSON.stringify(value);
  } else {
    const fields: string[] = [];
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      fields.push(`${JSON.stringify(key)}:${keptJson(field)}`);
    }
    json = `{${fields.join(',')}}`;
  }
  made.set(value, json);
  return json;
}

const OK_STATUS = JSON.stringify({ code: Status.ok, message: statusMessageKey[Status.ok] });

/** The text of `envelope(response)` (platform/reply.ts), with the kept parts of `response` reused. */
export function keptEnvelopeJson(response: unknown): string {
  return `{"status":${OK_STATUS},"response":${keptJson(response)}}`;
}
