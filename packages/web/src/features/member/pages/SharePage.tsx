import { Button } from 'antd-mobile';
import { Toast } from '../../../app/toast.ts';
import { ExclamationTriangleOutline, SendOutline, UserAddOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reloadUserInfo } from '../../../app/session.ts';
import { rememberSignupReturn } from '../../../app/shell/guards.tsx';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { AppUrlQr } from '../components/AppUrlQr.tsx';
import { InviteCodeCard } from '../components/InviteCodeCard.tsx';
import { InviteRewards } from '../components/InviteRewards.tsx';
import { MemberCard, MemberSubpage } from '../../../components/member-subpage/index.ts';
import '../member-subpages.css';
import { copyText } from '../../../app/copy-text.ts';
import { inviteRewards, invitesOpen, nextMilestone } from '../invite-rewards.ts';
import { shareOrCopy, shareText } from '../share-invite.ts';

const STEPS = ['share_step_1', 'share_step_2', 'share_step_3', 'share_step_4'] as const;

/**
 * Share (part 2 §2.6, §9): the QR of the app URL, the invite code with copy, how inviting works,
 * the reward tiers with the account's progress, the abuse warning and a share button. Guests
 * may invite too (their code works), but are asked to bind so the points they earn are not lost
 * with the guest account. While share days is 0 nobody can enter a code, so only the app is shared.
 */
export default function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const [sharing, setSharing] = useState(false);
  const open = invitesOpen(appInfo.share.days);
  const guest = !userInfo.email && !userInfo.phone;
  // Milestones come with app info (one cached before they existed has none: the defaults apply).
  const tiers = appInfo.invite_tiers;
  const next = nextMilestone(userInfo.invite_count, tiers);

  // The friend count (and the points it brought) may have changed since start-up.
  useEffect(() => {
    void reloadUserInfo().catch(() => undefined);
  }, []);

  const share = async () => {
    setSharing(true);
    const text = shareText(t, { appUrl: appInfo.app_url, inviteCode: userInfo.invite_code, withCode: open });
    const outcome = await shareOrCopy(
      text,
      typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
      copyText,
    );
    setSharing(false);
    if (outcome === 'copied') Toast.show({ content: t('share_text_copied') });
    if (outcome === 'failed') Toast.show({ content: t('copy_failed') });
  };

  return (
    <MemberSubpage
      title={t('route_share')}
      className="share-page"
      footer={
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={sharing}
          onClick={() => void share()}
        >
          <SendOutline aria-hidden /> {t('share_button')}
        </Button>
      }
    >
      <header className="share-hero">
        <h1 className="share-hero__title">{t('share_hero_title')}</h1>
        {open && <p className="share-hero__desc">{t('share_hero_desc', { points: appInfo.share.days })}</p>}
        {open && (
          <p className="share-hero__progress">
            <span className="share-hero__count">{t('share_invited', { count: userInfo.invite_count })}</span>
            <span>
              {next
                ? t('share_next_milestone', {
                    left: next.friends - userInfo.invite_count,
                    points: next.points,
                  })
                : t('share_all_milestones')}
            </span>
          </p>
        )}
      </header>

      {guest && open && (
        <div className="share-guest" role="note">
          <UserAddOutline className="share-guest__icon" aria-hidden />
          <p>{t('share_guest_notice')}</p>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => {
              rememberSignupReturn();
              navigate('/member/signup');
            }}
          >
            {t('go_bind')}
          </Button>
        </div>
      )}

      <MemberCard className="share-card">
        <AppUrlQr url={appInfo.app_url} />
        {open && userInfo.invite_code && <InviteCodeCard code={userInfo.invite_code} />}
      </MemberCard>

      {open ? (
        <>
          <MemberCard title={t('share_tasks')}>
            <ol className="share-steps">
              {STEPS.map((key, index) => (
                <li key={key} className="share-step">
                  <span className="share-step__number" aria-hidden>
                    {index + 1}
                  </span>
                  <span>{t(key)}</span>
                </li>
              ))}
            </ol>
          </MemberCard>
          <MemberCard title={t('share_rewards')}>
            <InviteRewards rewards={inviteRewards(appInfo.share.days, userInfo.invite_count, tiers)} />
          </MemberCard>
          <p className="share-warning" role="note">
            <ExclamationTriangleOutline aria-hidden />
            <span>{t('share_warning')}</span>
          </p>
        </>
      ) : (
        <p className="share-paused">{t('share_paused')}</p>
      )}
    </MemberSubpage>
  );
}
