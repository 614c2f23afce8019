import { ACTIVITY_CODE_MAX_LENGTH } from '@app/contract/constants';
import { Button, Input } from 'antd-mobile';
import { GiftOutline, CouponOutline } from 'antd-mobile-icons';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../../app/api/client.ts';
import { reloadSigninList, reloadUserInfo } from '../../../app/session.ts';
import { MemberCard, MemberSubpage } from '../../../components/member-subpage/index.ts';
import { redeemActivityCode } from '../api/activity.ts';
import { alertDialog, knownReason } from '../rewards-notices.ts';
import { activityOutcome, checkActivityCode, typedActivityCode } from '../rewards-rules.ts';
import '../rewards.css';

const NOTES = ['activity_note_1', 'activity_note_2', 'activity_note_3'] as const;

/**
 * Activity code (part 2 §2.6, §5, §8): one field of at most 6 characters and confirm. An empty code
 * is the generic error dialog; any answer but 200 is the exchange-failed dialog asking to redeem
 * again; a success says what the code gave and reads the account again.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async () => {
    if (sending.current) return;
    const checked = checkActivityCode(code);
    if (!checked.ok) return alertDialog(t('error_content'), t('error_title'));
    sending.current = true;
    setBusy(true);
    try {
      const reply = await redeemActivityCode(checked.code);
      // The button rests while a dialog is open; the dialog's mask keeps it from being tapped.
      setBusy(false);
      const outcome = activityOutcome(reply.status.code);
      if (outcome === 'shell') return;
      if (outcome === 'failed') {
        // The server's reason already says what to do; the general advice is only for no reason.
        const reason = knownReason(reply.status.message);
        return await alertDialog(reason ?? t('activity_failed'), t('activity_failed_title'));
      }
      // As after an exchange (part 2 §7.3): the account and the check-in strip, which both show the grant.
      await Promise.all([reloadUserInfo().catch(() => undefined), reloadSigninList().catch(() => undefined)]);
      setCode('');
      const granted = reply.response;
      await alertDialog(
        granted
          ? t(granted.grant_kind === 'vip' ? 'activity_granted_vip' : 'activity_granted_points', {
              count: granted.amount,
            })
          : t('activity_success'),
        t('activity_success'),
      );
    } catch (error) {
      if (!(error instanceof NetworkError)) console.error(error);
      setBusy(false);
      await alertDialog(t('network_error'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <MemberSubpage title={t('route_activity')} className="activity-page">
      <header className="reward-hero">
        <span className="reward-hero__icon" aria-hidden>
          <GiftOutline />
        </span>
        <h1 className="reward-hero__title">{t('activity_heading')}</h1>
        <p className="reward-hero__hint">{t('activity_hint')}</p>
      </header>

      <form
        className="reward-form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="reward-field reward-field--code">
          <span className="reward-field__icon" aria-hidden>
            <CouponOutline />
          </span>
          <Input
            className="reward-field__input"
            value={code}
            onChange={(value) => setCode(typedActivityCode(value))}
            placeholder={t('activity_placeholder')}
            aria-label={t('activity_label')}
            maxLength={ACTIVITY_CODE_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="done"
            clearable
          />
          <span className="reward-field__count" aria-hidden>
            {code.length}/{ACTIVITY_CODE_MAX_LENGTH}
          </span>
        </label>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>
          {t('activity_confirm')}
        </Button>
      </form>

      <MemberCard title={t('activity_note_title')}>
        <ol className="reward-notes">
          {NOTES.map((key, index) => (
            <li key={key}>
              <span className="reward-notes__number" aria-hidden>
                {index + 1}
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
      </MemberCard>
    </MemberSubpage>
  );
}
