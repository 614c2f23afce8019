import type { VideoType } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowsePage } from '../components/BrowsePage.tsx';
import { ActorGrid, CategoryGrid } from '../components/HomeSideTab.tsx';

type Tab = { key: string; title: string; show: () => React.ReactNode };

/**
 * Category pages (part 2 §2.3): short has Original, Actor and Video; long has Long and Actor; the
 * generic one has Short, Long and Actor.
 */
export default function CategoryPage({ kind }: { kind: 'long' | 'short' | 'all' }) {
  const { t } = useTranslation();
  const grid = (type: VideoType) => () => <CategoryGrid type={type} />;
  const actors = (type: VideoType) => () => <ActorGrid type={type} />;
  const tabs: Tab[] =
    kind === 'short'
      ? [
          { key: 'original', title: t('type_original'), show: grid('original') },
          { key: 'actor', title: t('tab_actor'), show: actors('short') },
          { key: 'video', title: t('tab_video'), show: grid('short') },
        ]
      : kind === 'long'
        ? [
            { key: 'long', title: t('type_long'), show: grid('long') },
            { key: 'actor', title: t('tab_actor'), show: actors('long') },
          ]
        : [
            { key: 'short', title: t('type_short'), show: grid('short') },
            { key: 'long', title: t('type_long'), show: grid('long') },
            { key: 'actor', title: t('tab_actor'), show: actors('long') },
          ];
  const [active, setActive] = useState(tabs[0]!.key);
  const title = t(
    kind === 'all' ? 'route_category' : kind === 'long' ? 'route_longCategory' : 'route_shortCategory',
  );
  return (
    <BrowsePage title={title} searchType={kind === 'all' ? 'long' : kind}>
      <Tabs activeKey={active} onChange={setActive} className="browse-page__tabs">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.title} />
        ))}
      </Tabs>
      {tabs.find((tab) => tab.key === active)?.show()}
    </BrowsePage>
  );
}
