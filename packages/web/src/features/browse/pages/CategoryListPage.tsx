import type { VideoType } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { BrowsePage } from '../components/BrowsePage.tsx';
import { MenuVideoList } from '../components/MenuVideoList.tsx';

function typeOf(value: string | null): VideoType {
  return value === 'short' || value === 'original' ? value : 'long';
}

/**
 * categoryList (`/category/{category}`) and categoryListMore (`/category/{list}/more`, a tag list):
 * query `name` and `type`; tabs New (newest first) and Hot (most viewed first).
 */
export default function CategoryListPage({ more = false }: { more?: boolean }) {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const [search] = useSearchParams();
  const type = typeOf(search.get('type'));
  const [tab, setTab] = useState<'time' | 'views'>('time');
  const categoryId = Number(category);
  const title = search.get('name') ?? (more ? category : t('route_categoryList'));
  return (
    <BrowsePage title={title} searchType={type}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'views' ? 'views' : 'time')}
        className="browse-page__tabs"
      >
        <Tabs.Tab key="time" title={t('tab_new')} />
        <Tabs.Tab key="views" title={t('tab_hot')} />
      </Tabs>
      <MenuVideoList
        key={tab}
        type={type}
        menuId={0}
        defaultOrder={tab}
        category={more || !Number.isInteger(categoryId) || categoryId < 1 ? undefined : categoryId}
        list={more ? category : undefined}
      />
    </BrowsePage>
  );
}
