import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { toSimplified, toTraditional } from '../script.ts';

/** The catalogue columns a user reads, each with a `<column>_tw` beside it (migration 014). */
export const TRADITIONAL_COLUMNS: Record<string, string[]> = {
  videos: ['title'],
  categories: ['name'],
  studios: ['name'],
  actors: ['name'],
  creator_profiles: ['name'],
  menus: ['name'],
  recommend_blocks: ['title'],
  ads: ['title'],
  keywords: ['keyword'],
  payment_channels: ['name', 'detail_name'],
  plans: ['name', 'slogan', 'tag'],
  ticket_templates: ['name', 'slogan'],
  signin_rewards: ['details'],
  orders: ['method', 'name'],
};

const FILL_BATCH = 5000;

/**
 * Converts what a database already holds. Each distinct text is converted once in Node and written
 * back in batches through unnest, so a catalogue of hundreds of thousands of videos takes seconds.
 */
export async function fillTraditional(db: Kysely<unknown>): Promise<void> {
  // Chinese titles to Simplified first (an uploader may have typed Traditional); the search text
  // follows through its trigger. Only changed titles are written.
  await convertDistinct(
    db,
    sql`select distinct title_cn as text from videos`,
    toSimplified,
    (pairs) => sql`update videos v set title_cn = p.converted from ${pairs} where v.title_cn = p.text`,
  );
  await convertDistinct(
    db,
    sql`select distinct title_cn as text from videos where title_cn <> ''`,
    toTraditional,
    (pairs) => sql`update videos v set title_tw = p.converted from ${pairs} where v.title_cn = p.text`,
    true,
  );
  for (const [table, columns] of Object.entries(TRADITIONAL_COLUMNS)) {
    if (table === 'videos') continue;
    for (const column of columns) {
      await convertDistinct(
        db,
        sql`select distinct ${sql.ref(column)} as text from ${sql.table(table)}`,
        toTraditional,
        (pairs) =>
          sql`update ${sql.table(table)} t set ${sql.ref(`${column}_tw`)} = p.converted from ${pairs}
               where t.${sql.ref(column)} = p.text`,
        true,
      );
    }
  }
  const { rows } = await sql<{ tag: string }>`
    select distinct unnest(tags) as tag from videos
    union select distinct unnest(tags) from creator_profiles
    union select distinct jsonb_array_elements_text(content->'tags') from recommend_blocks
     where jsonb_typeof(content->'tags') = 'array'`.execute(db);
  await saveTagNames(
    db,
    rows.map((row) => row.tag),
  );
}

async function convertDistinct(
  db: Kysely<unknown>,
  select: RawBuilder<unknown>,
  convert: (text: string) => string,
  update: (pairs: RawBuilder<unknown>) => RawBuilder<unknown>,
  keepSame = false,
): Promise<void> {
  const { rows } = await (select as RawBuilder<{ text: string }>).execute(db);
  const pairs = rows
    .map((row) => ({ text: row.text, converted: convert(row.text) }))
    .filter((pair) => keepSame || pair.converted !== pair.text);
  for (let start = 0; start < pairs.length; start += FILL_BATCH) {
    const batch = pairs.slice(start, start + FILL_BATCH);
    const table = sql`(select unnest(${batch.map((pair) => pair.text)}::text[]) as text,
                              unnest(${batch.map((pair) => pair.converted)}::text[]) as converted) p`;
    await update(table).execute(db);
  }
}

/** Keeps the Traditional name of each tag (tags are also keys: lists look videos up by them). */
export async function saveTagNames(db: QueryExecutorProvider, tags: readonly string[]): Promise<void> {
  const unique = [...new Set(tags)];
  if (unique.length === 0) return;
  await sql`insert into tag_names (tag, tag_tw)
            select unnest(${unique}::text[]), unnest(${unique.map(toTraditional)}::text[])
            on conflict (tag) do update set tag_tw = excluded.tag_tw`.execute(db);
}
