import type { Locale } from '@app/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * A catalogue text column in the caller's script: its `<column>_tw` beside it for `tw` (migration
 * 013; null when nothing was stored reads as the Simplified text), the column itself for `cn`.
 * `column` is a reference such as `c.name`.
 */
export function inLocale(locale: Locale, column: string): RawBuilder<string> {
  if (locale === 'cn') return sql<string>`${sql.ref(column)}`;
  return sql<string>`coalesce(${sql.ref(`${column}_tw`)}, ${sql.ref(column)})`;
}

/** A text[] of tags in the caller's script, in its order (tag_names keeps each tag's Traditional). */
export function tagsInLocale(locale: Locale, column: string): RawBuilder<string[]> {
  if (locale === 'cn') return sql<string[]>`${sql.ref(column)}`;
  return sql<string[]>`array(select coalesce(tn.tag_tw, t.tag)
    from unnest(${sql.ref(column)}) with ordinality t(tag, n)
    left join tag_names tn on tn.tag = t.tag order by t.n)`;
}
