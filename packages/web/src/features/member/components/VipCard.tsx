import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrownOutline } from '../../../components/reward-icon/CrownOutline.tsx';
import { useStartupData } from '../../../app/startup/startup-store.ts';

/** The VIP banner of layout A: what VIP gives, and open or renew. */
export function VipCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  return (
    <section className="member-vip" data-testid="vip-card">
      <span className="member-vip__crown">
        <CrownOutline />
      </span>
      <div className="member-vip__text">
        <div className="member-vip__title">{t(userInfo.vip ? 'member_vip_active' : 'member_vip_pitch')}</div>
        <div className="member-vip__benefits">{t('member_vip_benefits')}</div>
      </div>
      <Button
        size="small"
        shape="rounded"
        className="member-vip__button"
        onClick={() => navigate('/member/payment?source=member')}
      >
        {t(userInfo.vip ? 'member_renew_vip' : 'member_open_vip')}
      </Button>
    </section>
  );
}
