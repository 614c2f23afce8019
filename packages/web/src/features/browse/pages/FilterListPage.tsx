import type { VideoType } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrowsePage } from '../components/BrowsePage.tsx';
import { MenuTab, menusOf } from '../components/HomeSideTab.tsx';

/** lFilter, sFilter, oFilter (`/{type}/{filter}/{id}`): a menu's list with its filters, titled by the menu. */
export default function FilterListPage({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const { filter = '', id = '' } = useParams();
  const menuId = Number(id);
  const [title, setTitle] = useState(filter);
  useEffect(() => {
    let live = true;
    menusOf(type).then(
      (menus) => {
        const menu = menus.find((item) => item.menu_id === menuId);
        if (live && menu) setTitle(menu.menu_name);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type, menuId]);
  return (
    <BrowsePage title={title || t(`route_${type[0]}Filter`)} searchType={type}>
      <MenuTab type={type} menuId={menuId} />
    </BrowsePage>
  );
}
