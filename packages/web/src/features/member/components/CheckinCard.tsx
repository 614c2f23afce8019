import { Button } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewardIcon } from '../../../components/reward-icon/index.ts';
import { Words } from '../../../components/words/Words.tsx';
import { todaysReward } from '../../../app/popups/popup-chain.ts';
import { startupData, useStartupData } from '../../../app/startup/startup-store.ts';
import { checkIn } from '../api/checkin-api.ts';
import { announceCheckIn } from './checkin-reward.tsx';

/** Runs the check-in once at a time and tells the user how it went. */
export function useCheckIn() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    const before = startupData()?.signinList;
    const reward = before && !before.signin ? todaysReward(before) : undefined;
    setBusy(true);
    const outcome = await checkIn();
    setBusy(false);
    await announceCheckIn(outcome, reward);
  };
  return { busy, run };
}

/** The 7-day check-in strip with the streak and the check-in button (layout A). */
export function CheckinCard() {
  const { t } = useTranslation();
  const { signinList } = useStartupData();
  const { busy, run } = useCheckIn();
  if (!signinList || signinList.result.length === 0) return null;
  const today = signinList.signin ? undefined : todaysReward(signinList);

  return (
    <section className="member-card member-checkin" data-testid="checkin-card">
      <div className="member-card__head">
        <h2 className="member-card__title">{t('checkin_title')}</h2>
        <span className="member-checkin__streak" data-testid="checkin-streak">
          {t('checkin_continuous', { count: signinList.cont_total })}
        </span>
      </div>
      <ol className="member-checkin__strip">
        {signinList.result.map((day) => (
          <li
            key={day.day}
            className={[
              'member-checkin__day',
              day.is_completed ? 'member-checkin__day--done' : '',
              today?.day === day.day ? 'member-checkin__day--today' : '',
            ].join(' ')}
            data-testid={`checkin-day-${day.day}`}
            data-completed={day.is_completed}
          >
            <span className="member-checkin__label">{t('checkin_day', { day: day.day })}</span>
            <span className="member-checkin__icon">
              <RewardIcon kind={day.icon} />
              {day.is_completed && (
                <span className="member-checkin__tick">
                  <CheckOutline />
                </span>
              )}
            </span>
            <span className="member-checkin__details">
              <Words text={day.details} />
            </span>
          </li>
        ))}
      </ol>
      <Button
        block
        shape="rounded"
        color="primary"
        disabled={signinList.signin}
        loading={busy}
        onClick={() => void run()}
      >
        {signinList.signin ? t('checkin_done') : t('checkin_button')}
      </Button>
    </section>
  );
}
