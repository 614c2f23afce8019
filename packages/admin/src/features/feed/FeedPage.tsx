import { VIDEO_TYPES, type VideoType } from '@app/contract';
import type { ConsoleAd, ConsoleBlock, ConsoleMenu } from '@app/contract/console/feed';
import { Alert, Segmented, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTab, useView } from '../../app/use-list.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { messageOf } from '../../app/i18n/index.ts';
import { ConsoleError } from '../../app/api.ts';
import { AdsTab } from './AdsTab.tsx';
import { BlocksTab } from './BlocksTab.tsx';
import { feedApi } from './feed-api.ts';
import { FeedPreview } from './FeedPreview.tsx';
import { MenusTab } from './MenusTab.tsx';
import './feed.css';

export interface FeedData {
  blocks: ConsoleBlock[];
  ads: ConsoleAd[];
  menus: ConsoleMenu[];
}

const EMPTY: FeedData = { blocks: [], ads: [], menus: [] };

/**
 * Issue 24, catalogue presentation: per home (long, short, original) the Recommend feed's blocks,
 * the banners and feed ads, and the menu tabs with their filter sets, beside a phone preview of
 * the Recommend tab. Orders are drafts until saved; the preview shows the draft or what is live.
 */
export function FeedPage() {
  const { t } = useTranslation();
  const { params, change } = useView();
  const type = VIDEO_TYPES.find((value) => value === params.get('type')) ?? 'long';
  const setType = (next: VideoType) => change({ type: next === 'long' ? undefined : next });
  const [openTab] = useTab(['blocks', 'ads', 'menus']);
  const [saved, setSaved] = useState<FeedData>(EMPTY);
  const [draft, setDraft] = useState<FeedData>(EMPTY);
  const [failed, setFailed] = useState<string | null>(null);
  // Which home the lists on screen are of: none while another home's are read.
  const [shownType, setShownType] = useState<VideoType | null>(null);

  const reload = useCallback(async () => {
    try {
      const [blocks, ads, menus] = await Promise.all([
        feedApi.blocks(type),
        feedApi.ads(type),
        feedApi.menus(type),
      ]);
      const data = { blocks: blocks.items, ads: ads.items, menus: menus.items };
      setSaved(data);
      setDraft(data);
      setShownType(type);
      setFailed(null);
    } catch (error) {
      setFailed(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
  }, [type]);
  useEffect(() => {
    setSaved(EMPTY);
    setDraft(EMPTY);
    setShownType(null);
    void reload();
  }, [reload]);

  const tab = { type, saved, draft, setDraft, reload };
  return (
    <>
      <PageHeader
        title={t('feed_title')}
        extra={
          <Segmented
            value={type}
            onChange={(value) => setType(value as VideoType)}
            options={(['long', 'short', 'original'] as const).map((value) => ({
              value,
              label: t(`feed_type_${value}`),
            }))}
          />
        }
      />
      {failed && <Alert type="error" message={failed} style={{ marginBottom: 16 }} />}
      <div className="feed-layout">
        <div className="feed-layout__main" data-type={shownType === type ? type : undefined}>
          <Tabs
            activeKey={openTab}
            onChange={(next) => change({ tab: next })}
            destroyOnHidden
            items={[
              { key: 'blocks', label: t('feed_tab_blocks'), children: <BlocksTab {...tab} /> },
              { key: 'ads', label: t('feed_tab_ads'), children: <AdsTab {...tab} /> },
              { key: 'menus', label: t('feed_tab_menus'), children: <MenusTab {...tab} /> },
            ]}
          />
        </div>
        <div className="feed-layout__preview">
          <FeedPreview type={type} draft={draft} saved={saved} />
        </div>
      </div>
    </>
  );
}

export interface FeedTabProps {
  type: VideoType;
  saved: FeedData;
  draft: FeedData;
  setDraft: (change: (current: FeedData) => FeedData) => void;
  reload: () => Promise<void>;
}

/** The rows of `list` in the order of `ids`. */
export function ordered<T extends { id: number }>(list: T[], ids: number[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Whether a draft's order differs from the saved one. */
export function sameOrder(a: { id: number }[], b: { id: number }[]) {
  return a.length === b.length && a.every((item, index) => item.id === b[index]!.id);
}
