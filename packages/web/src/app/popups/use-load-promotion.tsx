import { useCloseOnBack } from '../back-closes.ts';
import { promotionPopupDue, promotionTarget } from '@app/contract/rules';
import { Button, CenterPopup } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaleBonusDays } from '../sale-bonus.ts';
import { useStartupData } from '../startup/startup-store.ts';
import { PromoArt } from '../../components/promo-art/PromoArt.tsx';
import './load-promotion.css';
import { closeMarketing, marketingClosed } from './marketing-session.ts';

/** Pull-up loads of this app session, across every list: the cadence counts them all. */
let pullUpLoads = 0;

/**
 * The promotion pop-up on pull-up loads (part 1 §4): levels A–D every n-th load, E and F only on
 * the n-th, n = `member_level_page_n`, and only while `member_level` is on. Every list's pull-ups
 * count (PagedList and the play page's related videos call `onLoadMore`); returns it and the
 * dialog to render.
 */
export function useLoadPromotion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const bonusDays = useSaleBonusDays(userInfo.level);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
    closeMarketing();
  }, []);
  useCloseOnBack(open, close);
  const onLoadMore = useCallback(() => {
    // A pull-up is the user's: a page the list fetched by itself to fill the screen (a tab just
    // switched to, a short list) is no load the spec counts (issue 38 item 7).
    if ((document.scrollingElement?.scrollTop ?? 0) <= 0) return;
    pullUpLoads += 1;
    if (
      !marketingClosed() &&
      appInfo.member_level &&
      promotionPopupDue(userInfo.level, pullUpLoads, appInfo.member_level_page_n)
    ) {
      setOpen(true);
    }
  }, [appInfo.member_level, appInfo.member_level_page_n, userInfo.level]);
  const dialog = (
    <CenterPopup visible={open} onMaskClick={close} showCloseButton onClose={close}>
      <div className="load-promo" data-testid="load-promotion">
        <PromoArt level={userInfo.level} />
        <h3 className="load-promo__title">{t(`promo_title_${userInfo.level}`)}</h3>
        <p className="load-promo__text">{t('promo_content', { days: bonusDays })}</p>
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => {
            setOpen(false);
            void navigate(promotionTarget(appInfo.member_level, userInfo.level, 'promotion'));
          }}
        >
          {t('go_upgrade')}
        </Button>
      </div>
    </CenterPopup>
  );
  return { onLoadMore, dialog };
}
