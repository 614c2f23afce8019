import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { viewsLeft } from '../member-rules.ts';

/** Points, friends invited and today's views; each figure opens the page where it changes. */
export function MemberStats() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  const views = viewsLeft(userInfo.video_views);
  const stat = (testId: string, value: string | number, label: string, to: string) => (
    <button type="button" className="member-stats__item" data-testid={testId} onClick={() => navigate(to)}>
      <span className="member-stats__value">{value}</span>
      <span className="member-stats__label">{label}</span>
    </button>
  );
  return (
    <div className="member-stats">
      {stat('member-points', userInfo.points, t('member_points'), '/member/vip')}
      {stat('member-invites', userInfo.invite_count, t('member_invited'), '/member/share')}
      {stat(
        'member-views',
        views ? `${views.used}/${views.total}` : '∞',
        t('member_views_today'),
        '/member/payment?source=member',
      )}
    </div>
  );
}
