import { LOCATIONS, MAIN_TAGS, SECOND_TAGS } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { TAGS } from './demo-words.ts';

/** Rows per statement: large enough to be fast, small enough for PGlite's memory. */
const BATCH = 25_000;
/** Generated videos are keyed `g` + a serial, apart from the demo's own keys. */
const GENERATED_PREFIX = 'g';

const textArray = (values: readonly string[]) => sql`${[...values]}::text[]`;

/**
 * Grows the catalogue to `target` videos for load tests and query plans: rows are made in the
 * database with generate_series, each copying a demo video's media (clip, cover, thumb) under a new
 * key, with its own date, views, place, tags, category and actor, so filters and search see a
 * realistic spread. Needs the demo catalogue first. Returns how many videos were added.
 */
export async function growCatalogue(db: Db, target: number, log: (line: string) => void = () => {}) {
  const { count } = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const existing = Number(count);
  if (existing === 0) throw new Error('the catalogue is empty: seed the demo catalogue first');
  const last = await db
    .selectFrom('videos')
    .select('avkey')
    .where('avkey', 'like', `${GENERATED_PREFIX}%`)
    .orderBy('avkey', 'desc')
    .limit(1)
    .executeTakeFirst();
  let serial = last ? Number(last.avkey.slice(GENERATED_PREFIX.length)) : 0;
  let added = 0;
  while (existing + added < target) {
    const size = Math.min(BATCH, target - existing - added);
    await db.transaction().execute(async (trx) => {
      const first = serial + 1;
      const lastSerial = serial + size;
      await sql`
        with templates as (
          select row_number() over (order by id) - 1 as k, count(*) over () as n, *
            from videos where avkey not like ${`${GENERATED_PREFIX}%`}
        ), batch as (
          select g, t.* from generate_series(${first}::int, ${lastSerial}::int) g
            join templates t on t.k = g % t.n
        )
        insert into videos (avkey, type, title, title_cn, title_tw, cover, thumb, duration_s, views, likes, upload_date,
                            studio_id, creator_id, number, location, cover_type, main_tag, second_tag, tags, asset_id)
        select ${GENERATED_PREFIX} || lpad(g::text, 8, '0'), type,
               regexp_replace(title, '[0-9]+$', '') || g, regexp_replace(title_cn, '[0-9]+$', '') || g,
               regexp_replace(title_tw, '[0-9]+$', '') || g,
               cover, thumb, duration_s, floor(random() ^ 3 * 3000000)::bigint, 0,
               now() - random() * interval '365 days', studio_id, creator_id, 'GEN-' || g,
               (${textArray(LOCATIONS)})[1 + (g * 7 + g / 13) % ${LOCATIONS.length}],
               case when (g / 3) % 2 = 0 then 'cover' else 'uncover' end,
               (${textArray(MAIN_TAGS)})[1 + (g / 5) % ${MAIN_TAGS.length}],
               case when g % 3 = 0 then null else (${textArray(SECOND_TAGS)})[1 + g % ${SECOND_TAGS.length}] end,
               array[(${textArray(TAGS)})[1 + g % ${TAGS.length}], (${textArray(TAGS)})[1 + (g / ${TAGS.length} + 5) % ${TAGS.length}]],
               asset_id
          from batch`.execute(trx);
      const keys = sql`avkey between ${`${GENERATED_PREFIX}${String(first).padStart(8, '0')}`}
                                 and ${`${GENERATED_PREFIX}${String(lastSerial).padStart(8, '0')}`}`;
      await sql`
        insert into video_categories (video_id, category_id)
        select v.id, c.ids[1 + v.id % array_length(c.ids, 1)]
          from videos v join (select type, array_agg(id order by id) as ids from categories group by type) c
            on c.type = v.type
         where ${keys}`.execute(trx);
      await sql`
        insert into video_actors (video_id, actor_id)
        select v.id, a.ids[1 + (v.id * 7) % array_length(a.ids, 1)]
          from videos v join (select original, array_agg(id order by id) as ids from actors group by original) a
            on a.original = case when v.type = 'long' then 0 else 1 end
         where ${keys}`.execute(trx);
    });
    serial += size;
    added += size;
    log(`${existing + added} videos`);
  }
  await sql`analyze`.execute(db);
  return added;
}
