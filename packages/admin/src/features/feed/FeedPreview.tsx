import type { Category, VideoType } from '@app/contract';
import type { ConsoleAd, ConsoleBlock, ConsoleMenu } from '@app/contract/console/feed';
import { Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInScript } from '../../app/i18n/catalogue-text.ts';
import { PhoneFrame } from '../../components/phone-frame/PhoneFrame.tsx';
import type { PreviewMessage } from '../../phone-preview/preview-message.ts';
import { adOf, FIRST_SCREEN_LAYOUTS, recommendBlockOf } from './feed-preview-data.ts';
import { phoneCategories } from './feed-api.ts';
import './feed.css';

export interface PreviewState {
  blocks: ConsoleBlock[];
  ads: ConsoleAd[];
  menus: ConsoleMenu[];
}

/**
 * The Recommend tab of a home in a 390×844 phone, drawn by the app's own components (the tabs,
 * banner slider, 热门分类 and each feed block by layout with its feed ads; PhoneFrame) from this
 * page's state in the shapes the app receives. `draft` is the page's unsaved state, `saved` what
 * the server holds.
 */
export function FeedPreview({
  type,
  draft,
  saved,
}: {
  type: VideoType;
  draft: PreviewState;
  saved: PreviewState;
}) {
  const { t, i18n } = useTranslation();
  const inScript = useInScript();
  const [which, setWhich] = useState<'draft' | 'saved'>('draft');
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    let live = true;
    void phoneCategories(type, i18n.language).then((list) => live && setCategories(list));
    return () => {
      live = false;
    };
  }, [type, i18n.language]);
  const state = which === 'draft' ? draft : saved;
  const skipped = state.blocks.filter((block) => FIRST_SCREEN_LAYOUTS.has(block.layout));
  const message: PreviewMessage = {
    screen: 'feed',
    script: i18n.language === 'tw' ? 'tw' : 'cn',
    type,
    tabs: state.menus.map((menu) => ({ key: `menu-${menu.id}`, title: inScript(menu.name, menu.nameTw) })),
    posters: state.ads.filter((ad) => ad.placement === 'poster').map((ad) => adOf(ad, inScript)),
    categories,
    blocks: state.blocks
      .filter((block) => !FIRST_SCREEN_LAYOUTS.has(block.layout))
      .map((block) =>
        recommendBlockOf(
          block,
          type,
          state.ads.filter((ad) => ad.placement === 'feed' && ad.blockId === block.id),
          inScript,
        ),
      ),
  };

  return (
    <div className="feed-preview" data-testid="feed-preview">
      <div className="feed-preview__head">
        <Typography.Text strong>{t('feed_preview')}</Typography.Text>
        <Segmented
          size="small"
          value={which}
          onChange={(value) => setWhich(value as 'draft' | 'saved')}
          options={[
            { value: 'draft', label: t('feed_preview_draft') },
            { value: 'saved', label: t('feed_preview_saved') },
          ]}
        />
      </div>
      <PhoneFrame message={message} label={t('feed_preview')} />
      {skipped.map((block) => (
        <Typography.Text key={block.id} type="secondary">
          {t('feed_preview_skipped', { layout: block.layout })}
        </Typography.Text>
      ))}
      <Typography.Text type="secondary" className="feed-preview__hint">
        {t('feed_preview_hint')}
      </Typography.Text>
    </div>
  );
}
