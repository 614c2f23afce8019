import type { VideoType } from '@app/contract';
import type { Db } from '../../platform/db/database.ts';

export function listMenus(db: Db) {
  return db
    .selectFrom('menus')
    .select(['id', 'type', 'name', 'name_tw'])
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listCategoriesWithCounts(db: Db, type: VideoType) {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.name_tw',
      'c.image',
      eb
        .selectFrom('video_categories as vc')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('vc.category_id', '=', 'c.id')
        .as('video_count'),
    ])
    .where('c.type', '=', type)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function listPosterAds(db: Db) {
  return db
    .selectFrom('ads')
    .select(['id', 'section', 'title', 'title_tw', 'image', 'link'])
    .where('placement', '=', 'poster')
    .orderBy('section')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
