import { insertDemoCatalogue, type DemoAsset } from '../packages/server/src/seed/demo-catalogue.ts';

/**
 * The demo catalogue's videos, as the seed makes them on every machine (a seeded generator): the
 * seed runs here against a recorder in place of the database, so the tests know real avkeys
 * without a list call of their own. Asset ids follow the seed's clips (1–3 landscape, 4–6 portrait).
 */
export interface DemoVideo {
  avkey: string;
  type: 'long' | 'short' | 'original';
  asset_id: string;
}

const ASSETS: DemoAsset[] = [24, 20, 16, 14, 12, 10].map((seconds, index) => ({
  id: `demo-${index + 1}`,
  durationSeconds: seconds,
  portrait: index >= 3,
}));
const NO_IMAGES = { covers: ['c'], thumbs: ['t'], avatars: ['a'], tiles: ['t'], banners: ['b'] };

export async function demoVideos(): Promise<DemoVideo[]> {
  const videos: DemoVideo[] = [];
  let nextId = 1;
  const builder = (table?: string): unknown => {
    let values: unknown;
    const proxy: unknown = new Proxy(
      {},
      {
        get(_target, property) {
          if (property === 'then') return undefined;
          if (property === 'insertInto') return (name: string) => builder(name);
          if (property === 'values')
            return (given: unknown) => {
              values = given;
              return proxy;
            };
          if (typeof property === 'string' && property.startsWith('execute'))
            return async () => {
              const list = (Array.isArray(values) ? values : values ? [values] : []) as object[];
              const rows = list.map((row) => ({ ...row, id: nextId++ }));
              if (table === 'videos') videos.push(...(rows as unknown as DemoVideo[]));
              return property === 'execute' ? rows : rows[0];
            };
          return () => proxy;
        },
      },
    );
    return proxy;
  };
  const db = { transaction: () => ({ execute: (work: (trx: unknown) => Promise<void>) => work(builder()) }) };
  await insertDemoCatalogue(db as never, NO_IMAGES, ASSETS, 'test');
  return videos;
}
