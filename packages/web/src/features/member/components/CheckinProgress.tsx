import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { useCheckIn } from './CheckinCard.tsx';

/** Layout B's compact sign-in progress: days done in this cycle, the streak and check-in. */
export function CheckinProgress() {
  const { t } = useTranslation();
  const { signinList } = useStartupData();
  const { busy, run } = useCheckIn();
  if (!signinList || signinList.result.length === 0) return null;
  const done = signinList.result.filter((day) => day.is_completed).length;
  return (
    <section className="member-card member-progress" data-testid="checkin-progress">
      <div className="member-card__head">
        <h2 className="member-card__title">{t('checkin_title')}</h2>
        <span className="member-checkin__streak" data-testid="checkin-streak">
          {t('checkin_continuous', { count: signinList.cont_total })}
        </span>
      </div>
      <div className="member-progress__row">
        <ProgressBar percent={(done / signinList.result.length) * 100} className="member-progress__bar" />
        <span className="member-progress__count">
          {done}/{signinList.result.length}
        </span>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={signinList.signin}
          loading={busy}
          onClick={() => void run()}
        >
          {signinList.signin ? t('checkin_done') : t('checkin_button')}
        </Button>
      </div>
    </section>
  );
}
