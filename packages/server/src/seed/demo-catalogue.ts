import {
  CUPS,
  LOCATIONS,
  MAIN_TAGS,
  PROMOTION_LEVELS,
  SALE_BONUS_DAYS,
  SECOND_TAGS,
  VIDEO_TYPES,
  type VideoType,
} from '@app/contract';
import type { Config } from '../config.ts';
import type { MenuParams } from '../features/browse/menu-params.ts';
import type { Db } from '../platform/db/database.ts';
import { saveTagNames } from '../platform/db/traditional-text.ts';
import { toTraditional as tw } from '../platform/script.ts';
import { newInviteCode } from '../platform/tokens.ts';
import {
  ACTOR_NAMES,
  CATEGORY_NAMES,
  CREATOR_NAMES,
  EPISODE_WORDS,
  KEYWORDS,
  STUDIOS,
  TAGS,
  TOPICS,
} from './demo-words.ts';
import { seededRandom } from './random.ts';

/** Encrypted image paths (on the image line) the catalogue rows point at. */
export interface DemoImages {
  covers: string[];
  thumbs: string[];
  avatars: string[];
  tiles: string[];
  banners: string[];
}

export interface DemoAsset {
  id: string;
  durationSeconds: number;
  portrait: boolean;
}

const VIDEO_COUNTS: Record<VideoType, number> = { long: 150, short: 110, original: 70 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** The tag behind the 精选 (editor's picks) menu. */
const PICKS_TAG = '精选';

/**
 * Inserts the whole neutral demo catalogue in one transaction; media files already exist. Outside
 * production it adds the demo perks development and the tests use: activity codes anyone can read
 * here (DEMO01, PTS100) and the ticket templates. A production database gets none of them (they
 * would be free VIP and points for whoever reads this file); there the check-in cycle's ticket day
 * gives points, and the operator adds codes and tickets of their own.
 */
export async function insertDemoCatalogue(
  db: Db,
  images: DemoImages,
  assets: DemoAsset[],
  env: Config['env'],
): Promise<void> {
  const demoPerks = env !== 'production';
  const random = seededRandom(20261123);
  const at = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

  await db.transaction().execute(async (trx) => {
    const studios = await trx
      .insertInto('studios')
      .values(STUDIOS.map((name, i) => ({ name, name_tw: tw(name), image: at(images.tiles, i) })))
      .returning('id')
      .execute();

    const categories: Record<VideoType, number[]> = { long: [], short: [], original: [] };
    for (const type of VIDEO_TYPES) {
      const rows = await trx
        .insertInto('categories')
        .values(
          CATEGORY_NAMES[type].map((name, i) => ({
            type,
            name,
            name_tw: tw(name),
            image: at(images.tiles, i + 8),
            sort: i,
          })),
        )
        .returning('id')
        .execute();
      categories[type] = rows.map((row) => row.id);
    }

    const actors = await trx
      .insertInto('actors')
      .values(
        ACTOR_NAMES.map((name, i) => ({
          name,
          name_tw: tw(name),
          image: at(images.avatars, i),
          cup: at(CUPS, i),
          original: i % 3 === 0 ? 1 : 0,
          views: random.int(1_000, 2_000_000),
        })),
      )
      .returning(['id', 'original'])
      .execute();

    const creators: number[] = [];
    for (const [i, name] of CREATOR_NAMES.entries()) {
      const user = await trx
        .insertInto('users')
        .values({ invite_code: newInviteCode(), promoter: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('creator_profiles')
        .values({
          user_id: user.id,
          name,
          name_tw: tw(name),
          avatar: at(images.avatars, i + ACTOR_NAMES.length),
          followers: random.int(50, 90_000),
          tags: random.sample(TAGS, 3),
        })
        .execute();
      creators.push(user.id);
    }

    const landscape = assets.filter((asset) => !asset.portrait);
    const portrait = assets.filter((asset) => asset.portrait);
    let serial = 0;
    for (const type of VIDEO_TYPES) {
      const pool = type === 'long' ? landscape : portrait.length > 0 ? portrait : landscape;
      const rows = Array.from({ length: VIDEO_COUNTS[type] }, (_, i) => {
        serial += 1;
        const topic = random.pick(TOPICS);
        const episode = random.pick(EPISODE_WORDS);
        const asset = at(pool, i);
        return {
          avkey: `${type[0]}${String(serial).padStart(5, '0')}${random.int(100, 999)}`,
          type,
          title: `${topic[1]} ${episode[1]} ${i + 1}`,
          title_cn: `${topic[0]} ${episode[0]} ${i + 1}`,
          title_tw: tw(`${topic[0]} ${episode[0]} ${i + 1}`),
          cover: at(images.covers, serial),
          thumb: at(images.thumbs, serial),
          duration_s: Math.max(1, Math.round(asset.durationSeconds)),
          views: Math.floor(random.next() ** 3 * 3_000_000),
          likes: random.int(0, 5000),
          upload_date: new Date(Date.now() - random.int(0, 365) * DAY_MS - random.int(0, DAY_MS)),
          studio_id: type === 'original' && i % 2 === 0 ? null : random.pick(studios).id,
          // Every fourth video has a creator, the creators in turn, so each has videos of each type.
          creator_id: i % 4 === 0 ? at(creators, i / 4) : null,
          number: `DEMO-${String(serial).padStart(4, '0')}`,
          location: random.pick(LOCATIONS),
          cover_type: random.pick(['cover', 'uncover'] as const),
          main_tag: random.pick(MAIN_TAGS),
          second_tag: random.next() < 0.5 ? random.pick(SECOND_TAGS) : null,
          // Every fifth video is an editor's pick, listed by the 精选 menu (chosen by index, so the
          // other random draws stay as they were).
          tags: [...random.sample(TAGS, random.int(1, 4)), ...(i % 5 === 2 ? [PICKS_TAG] : [])],
          asset_id: asset.id,
        };
      });
      const videos = await trx.insertInto('videos').values(rows).returning('id').execute();
      const typeActors = actors.filter((actor) =>
        type === 'long' ? actor.original === 0 : actor.original === 1,
      );
      await trx
        .insertInto('video_categories')
        .values(
          videos.flatMap((video) =>
            random
              .sample(categories[type], random.int(1, 2))
              .map((category_id) => ({ video_id: video.id, category_id })),
          ),
        )
        .execute();
      await trx
        .insertInto('video_actors')
        .values(
          videos.flatMap((video) =>
            random
              .sample(typeActors.length ? typeActors : actors, random.int(1, 2))
              .map((actor) => ({ video_id: video.id, actor_id: actor.id })),
          ),
        )
        .execute();
    }

    // Menus: the filter set a list shows depends on the menu kind (part 2 §2.3).
    // A menu lists what its name says: a tag or cover badge it requires, an order, a period.
    type DemoMenu = { name: string; kind: string } & Omit<MenuParams, 'kind'>;
    const menus: Record<VideoType, DemoMenu[]> = {
      long: [
        { name: '最新', kind: 'newest' },
        { name: '排行', kind: 'ranking' },
        { name: '精选', kind: 'default', tag: PICKS_TAG },
        { name: '中文字幕', kind: 'default', secondTag: 'chinese_subtitles' },
      ],
      short: [
        { name: '最新', kind: 'newest' },
        { name: '排行', kind: 'ranking' },
        { name: '热门', kind: 'default', order: 'views', top: 'month' },
      ],
      original: [
        { name: '最新', kind: 'newest' },
        { name: '排行', kind: 'ranking' },
        { name: '独家', kind: 'default', mainTag: 'exclusive' },
      ],
    };
    await trx
      .insertInto('menus')
      .values(
        VIDEO_TYPES.flatMap((type) =>
          menus[type].map((menu, sort) => ({
            type,
            name: menu.name,
            name_tw: tw(menu.name),
            sort,
            filter_params: JSON.stringify({ ...menu, name: undefined }),
          })),
        ),
      )
      .execute();

    // Recommend feed: every block layout appears in every type (1, 3, 4, 5, 10, 11, 12, 14).
    const typeActorIds = (type: VideoType) =>
      actors
        .filter((actor) => (type === 'long' ? actor.original === 0 : actor.original === 1))
        .map((actor) => actor.id);
    await trx
      .insertInto('recommend_blocks')
      .values(
        VIDEO_TYPES.flatMap((type) => [
          { type, sort: 1, layout: 1, title: '焦点', content: JSON.stringify({ placement: 'banner' }) },
          {
            type,
            sort: 2,
            layout: 3,
            title: '选择你的兴趣',
            content: JSON.stringify({ tags: TAGS.slice(0, 8) }),
          },
          {
            type,
            sort: 3,
            layout: 12,
            title: '热门分类',
            content: JSON.stringify({ category_ids: categories[type].slice(0, 4) }),
          },
          { type, sort: 4, layout: 4, title: '随便看看', content: JSON.stringify({ limit: 6 }) },
          {
            type,
            sort: 5,
            layout: 5,
            title: '人气演员',
            content: JSON.stringify({ actor_ids: random.sample(typeActorIds(type), 3), videos_per_actor: 4 }),
          },
          {
            type,
            sort: 6,
            layout: 10,
            title: '出品方',
            content: JSON.stringify({ studio_ids: studios.map((studio) => studio.id) }),
          },
          {
            type,
            sort: 7,
            layout: 11,
            title: '演员',
            content: JSON.stringify({ actor_ids: random.sample(typeActorIds(type), 10) }),
          },
          {
            type,
            sort: 8,
            layout: 14,
            title: '全部分类',
            content: JSON.stringify({ category_ids: categories[type] }),
          },
        ]).map((block) => ({ ...block, title_tw: tw(block.title) })),
      )
      .execute();
    await saveTagNames(trx, [...TAGS, PICKS_TAG, ...KEYWORDS]);

    // Ads: every link value of part 2 §2.2 appears (tea has no link, DECISIONS).
    const links = ['vip', 'share', 'newvip', 'email', 'false', 'https://example.com/partner', 'tea'];
    await trx
      .insertInto('ads')
      .values(
        VIDEO_TYPES.flatMap((section, s) => [
          ...links.slice(0, 4).map((link, i) => ({
            section,
            placement: 'banner',
            title: `焦点推荐 ${i + 1}`,
            title_tw: tw(`焦点推荐 ${i + 1}`),
            image: at(images.banners, s * 4 + i),
            link,
            sort: i,
          })),
          ...links.map((link, i) => ({
            section,
            placement: 'poster',
            title: `推广 ${i + 1}`,
            title_tw: tw(`推广 ${i + 1}`),
            image: at(images.banners, s * 7 + i + 2),
            link,
            sort: i,
          })),
        ]),
      )
      .execute();

    await trx
      .insertInto('keywords')
      .values(
        VIDEO_TYPES.flatMap((type) =>
          random
            .sample(KEYWORDS, 8)
            .map((keyword, sort) => ({ type, keyword, keyword_tw: tw(keyword), sort })),
        ),
      )
      .execute();

    // Shop: payment groups, regular plans, one sale plan per level, tickets, exchange options.
    await trx
      .insertInto('payment_channels')
      .values(
        [
          { pay_type: 'alipay', name: '支付宝', detail_name: '支付宝 通道A' },
          { pay_type: 'alipay', name: '支付宝', detail_name: '支付宝 通道B' },
          { pay_type: 'wechat', name: '微信支付', detail_name: '微信支付 通道A' },
          { pay_type: 'wechat', name: '微信支付', detail_name: '微信支付 通道B' },
          { pay_type: 'unionpay', name: '云闪付', detail_name: '银联 云闪付' },
        ].map((channel) => ({
          ...channel,
          name_tw: tw(channel.name),
          detail_name_tw: tw(channel.detail_name),
        })),
      )
      .execute();
    const plan = (
      name: string,
      days: number,
      price: number,
      original: number,
      tag: string,
      sort: number,
      sale_level: string | null = null,
    ) => ({
      name,
      name_tw: tw(name),
      days,
      price_cents: price * 100,
      original_price_cents: original * 100,
      slogan: `${days} 天畅享全部内容`,
      slogan_tw: tw(`${days} 天畅享全部内容`),
      tag,
      tag_tw: tw(tag),
      tag_color: '#ff4d6d',
      color: '#2a1f3d',
      sort,
      sale_level,
      cash_title: `VIP_${days}_days`,
    });
    await trx
      .insertInto('plans')
      .values([
        plan('月卡', 30, 30, 45, '', 1),
        plan('季卡', 90, 68, 135, '热卖', 2),
        plan('年卡', 365, 198, 540, '超值', 3),
        plan('周卡', 7, 12, 15, '', 4),
        plan('半年卡', 180, 118, 270, '', 5),
        ...PROMOTION_LEVELS.map((level, i) =>
          plan(`限时特惠 ${level}`, 30, 25 + i * 5, 60, `+${SALE_BONUS_DAYS[level]} 天`, 10 + i, level),
        ),
      ])
      .execute();
    const [welcomeTicket] = demoPerks
      ? await trx
          .insertInto('ticket_templates')
          .values(
            DEMO_TICKET_TEMPLATES.map((ticket) => ({
              ...ticket,
              name_tw: tw(ticket.name),
              slogan_tw: tw(ticket.slogan),
            })),
          )
          .returning('id')
          .execute()
      : [];
    await trx
      .insertInto('exchange_options')
      .values([7, 30, 90, 365].map((day) => ({ day, point: day })))
      .execute();
    await trx
      .insertInto('signin_rewards')
      .values(
        [
          // Day 1 gives points, so a first check-in shows on the member page's points at once.
          { day: 1, icon: 'point', amount: 5, details: '+5 积分' },
          { day: 2, icon: 'view', amount: 2, details: '+2 次观看' },
          { day: 3, icon: 'view', amount: 3, details: '+3 次观看' },
          welcomeTicket
            ? {
                day: 4,
                icon: 'discost',
                amount: 1,
                details: '优惠券 x1',
                ticket_template_id: welcomeTicket.id,
              }
            : { day: 4, icon: 'point', amount: 5, details: '+5 积分' },
          { day: 5, icon: 'point', amount: 10, details: '+10 积分' },
          { day: 6, icon: 'view', amount: 5, details: '+5 次观看' },
          { day: 7, icon: 'vip', amount: 1, details: 'VIP 1 天' },
        ].map((reward) => ({ ...reward, details_tw: tw(reward.details) })),
      )
      .execute();
    if (demoPerks) await trx.insertInto('activity_codes').values(DEMO_ACTIVITY_CODES).execute();
    await trx
      .insertInto('settings')
      .values({
        key: 'messengers',
        // No messenger support in the demo (issue 38 item 18): a placeholder host would be an entry
        // that leads nowhere. The console's settings add real ones; unset, the app hides them.
        value: JSON.stringify({ potato: '', telegream: '', 'sharelihi.iOS': '' }),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // The home pages' announcement bar; an operator's own app info, saved before, wins.
    await trx
      .insertInto('settings')
      .values({ key: 'app_info', value: JSON.stringify({ home: { news_content: DEMO_NEWS } }) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
}

const DEMO_NEWS =
  '每日签到可领观看次数、积分和VIP，连续签到奖励更多。\\n绑定手机号或邮箱即送1天VIP，账号丢失也能找回。';

/** Development and test only (see insertDemoCatalogue). */
const DEMO_ACTIVITY_CODES = [
  { code: 'DEMO01', grant_kind: 'vip', amount: 3, use_limit: 1000 },
  { code: 'PTS100', grant_kind: 'point', amount: 100, use_limit: 1000 },
];

const DEMO_TICKET_TEMPLATES = [
  { name: '新人立减券', price_cents: 500, limit_price_cents: 3000, slogan: '满30减5', valid_days: 7 },
  { name: '季卡优惠券', price_cents: 1000, limit_price_cents: 6800, slogan: '满68减10', valid_days: 14 },
  { name: '年卡优惠券', price_cents: 3000, limit_price_cents: 19800, slogan: '满198减30', valid_days: 30 },
];
