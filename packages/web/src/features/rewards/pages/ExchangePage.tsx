import type { ExchangeList } from '@app/contract';
import { showConfirm } from '../../../app/shell/notices.ts';
import { formatDate } from '@app/contract/rules';
import { Button } from 'antd-mobile';
import { InformationCircleOutline, RightOutline, TeamOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reloadSigninList, reloadUserInfo } from '../../../app/session.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { MemberCard, MemberSubpage } from '../../../components/member-subpage/index.ts';
import { exchangePoints, fetchExchangeList } from '../api/exchange.ts';
import { ExchangeOptionCard } from '../components/ExchangeOptionCard.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { useRemote } from '../hooks/use-remote.ts';
import { alertDialog, knownReason } from '../rewards-notices.ts';
import { checkExchange, exchangeOutcome, toggleOption } from '../rewards-rules.ts';
import { NetworkError } from '../../../app/api/client.ts';
import '../rewards.css';

const UPGRADE_PATH = '/member/payment?source=exchange';

/**
 * Exchange VIP with points (part 2 §2.6, §4, §8): the balance and friends invited, the options
 * (tap to select, tap again to deselect) and the confirm button. Nothing selected, too few points
 * and an abnormal points source each have their dialog; a success is confirmed, then the check-in
 * strip and the account are read again (which re-checks the stream line) and the member page opens.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  const [list, reload] = useRemote(fetchExchangeList);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const offerUpgrade = async () => {
    const upgrade = await showConfirm({
      title: t('exchange_not_enough_title'),
      content: t('exchange_not_enough_content'),
      confirmText: t('go_upgrade'),
      cancelText: t('not_now'),
    });
    if (upgrade) navigate(UPGRADE_PATH);
  };

  const confirm = async (data: ExchangeList) => {
    if (sending.current) return;
    const check = checkExchange(data.result, selected, data.points);
    if (!check.ok) {
      if (check.reason === 'none_selected')
        return alertDialog(t('exchange_none_content'), t('exchange_none_title'));
      return offerUpgrade();
    }
    sending.current = true;
    setBusy(true);
    // After a success the page is left: no second exchange may start while the account is read again.
    let leaving = false;
    try {
      const reply = await exchangePoints(check.option.point);
      // The button rests while a dialog is open; the dialog's mask keeps it from being tapped.
      setBusy(false);
      switch (exchangeOutcome(reply.status.code, reply.status.message)) {
        case 'done': {
          leaving = true;
          const expiry = reply.response?.expiry;
          await alertDialog(
            expiry ? t('exchange_success_expiry', { date: formatDate(expiry) }) : t('exchange_desc'),
            t('exchange_success'),
          );
          await Promise.all([
            reloadSigninList().catch(() => undefined),
            reloadUserInfo().catch(() => undefined),
          ]);
          navigate('/member', { replace: true });
          return;
        }
        case 'not_enough':
          reload();
          return offerUpgrade();
        case 'abnormal':
          return alertDialog(t('exchange_abnormal_content'), t('exchange_abnormal_title'));
        case 'option_gone':
          setSelected(null);
          reload();
          return alertDialog(t('exchange_option_gone'));
        case 'failed':
          return alertDialog(knownReason(reply.status.message) ?? t('generic_error'));
        case 'shell':
          return;
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) console.error(error);
      setBusy(false);
      await alertDialog(t('network_error'));
    } finally {
      if (!leaving) sending.current = false;
      setBusy(false);
    }
  };

  const data = list.state === 'ready' ? list.data : null;
  const chosen = data?.result.find((option) => option.point === selected);
  return (
    <MemberSubpage
      title={t('route_vip')}
      className="exchange-page"
      footer={
        data && data.result.length > 0 ? (
          <div className="reward-footer">
            <p className="reward-footer__summary" aria-live="polite">
              {chosen
                ? t('exchange_selected', { day: chosen.day, point: chosen.point })
                : t('exchange_none_content')}
            </p>
            <Button
              block
              color="primary"
              size="large"
              shape="rounded"
              loading={busy}
              onClick={() => void confirm(data)}
            >
              {t('exchange_confirm')}
            </Button>
          </div>
        ) : undefined
      }
    >
      <section className="points-hero" aria-label={t('exchange_points')}>
        <div className="points-hero__main">
          <span className="points-hero__label">{t('exchange_points')}</span>
          <strong className="points-hero__value" data-testid="points-balance">
            {data ? data.points : userInfo.points}
          </strong>
          <span className="points-hero__rate">{t('exchange_rate')}</span>
        </div>
        <div className="points-hero__side">
          <span className="points-hero__invites" data-testid="invite-count">
            <TeamOutline aria-hidden />{' '}
            {t('exchange_invite_count', { count: data ? data.invite_count : userInfo.invite_count })}
          </span>
          <button type="button" className="points-hero__earn" onClick={() => navigate('/member/share')}>
            {t('exchange_earn')} <RightOutline aria-hidden />
          </button>
        </div>
      </section>

      {data ? (
        <MemberCard title={t('exchange_options_title')}>
          {data.result.length > 0 ? (
            <div className="exchange-options" role="listbox" aria-label={t('exchange_options_title')}>
              {data.result.map((option) => (
                <ExchangeOptionCard
                  key={option.point}
                  option={option}
                  points={data.points}
                  selected={option.point === selected}
                  onToggle={() => setSelected((current) => toggleOption(current, option.point))}
                />
              ))}
            </div>
          ) : (
            <p className="reward-empty-line">{t('exchange_empty')}</p>
          )}
        </MemberCard>
      ) : (
        <LoadState failed={list.state === 'failed'} onRetry={reload} />
      )}

      <div className="reward-note" role="note">
        <InformationCircleOutline aria-hidden />
        <div>
          <p>{t('exchange_desc')}</p>
          {userInfo.vip && userInfo.expiry > 0 && (
            <p className="reward-note__extra">
              {t('exchange_vip_now', { date: formatDate(userInfo.expiry) })}
            </p>
          )}
        </div>
      </div>
    </MemberSubpage>
  );
}
