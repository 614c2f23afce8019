import { SUPPORT_HOURS } from '@app/contract/constants';
import { Button, Input } from 'antd-mobile';
import { ClockCircleOutline, ExclamationCircleOutline, MailOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../../app/api/client.ts';
import { reloadUserInfo } from '../../../app/session.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { MemberCard, MemberSubpage } from '../../../components/member-subpage/index.ts';
import { sendAppeal } from '../api/appeal.ts';
import { AppealSamples } from '../components/AppealSamples.tsx';
import { ScreenshotPicker } from '../components/ScreenshotPicker.tsx';
import { alertDialog, knownReason, showInputProblem } from '../rewards-notices.ts';
import { appealOutcome, checkAppeal } from '../rewards-rules.ts';
import '../rewards.css';

/**
 * Appeal (part 2 §2.6, §4, §5, §8): the contact e-mail and the payment-success screenshot, with
 * drawn sample screenshots and the support hours. One send at a time; a sent appeal is confirmed
 * with or without the day of VIP it granted (then the account is read again), and a failure is the
 * error reminder asking to check and send again.
 */
export default function AppealPage() {
  const { t } = useTranslation();
  const { userInfo } = useStartupData();
  const [email, setEmail] = useState(userInfo.email ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const submit = async () => {
    if (sending.current) return;
    const checked = checkAppeal(email, image);
    if (!checked.ok || !image)
      return showInputProblem(checked.ok ? 'appeal_image_empty' : checked.messageKey);
    sending.current = true;
    setBusy(true);
    try {
      const reply = await sendAppeal(email, image);
      // The button rests while a dialog is open; the dialog's mask keeps it from being tapped.
      setBusy(false);
      const outcome = appealOutcome(reply.status.code, reply.response);
      if (outcome === 'shell') return;
      if (outcome === 'failed')
        return await alertDialog(
          t('appeal_failed'),
          t('appeal_failed_title'),
          knownReason(reply.status.message),
        );
      setImage(null);
      if (outcome === 'sent_vip') {
        await reloadUserInfo().catch(() => undefined);
        await alertDialog(t('appeal_sent_vip'));
      } else {
        await alertDialog(t('appeal_sent'));
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) console.error(error);
      setBusy(false);
      await alertDialog(t('appeal_failed'), t('appeal_failed_title'), t('network_error'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <MemberSubpage
      title={t('route_appeal')}
      className="appeal-page"
      footer={
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={busy}
          onClick={() => void submit()}
        >
          {busy ? t('appeal_sending') : t('appeal_submit')}
        </Button>
      }
    >
      <p className="appeal-tip" role="note">
        <ExclamationCircleOutline aria-hidden />
        <span>{t('appeal_tip')}</span>
      </p>

      <MemberCard title={t('appeal_mail')}>
        <label className="reward-field">
          <span className="reward-field__icon" aria-hidden>
            <MailOutline />
          </span>
          <Input
            className="reward-field__input"
            type="email"
            inputMode="email"
            autoComplete="email"
            name="email"
            value={email}
            onChange={setEmail}
            placeholder={t('appeal_mail_placeholder')}
            aria-label={t('appeal_mail')}
            maxLength={254}
            clearable
          />
        </label>
      </MemberCard>

      <MemberCard title={t('appeal_upload')}>
        <ScreenshotPicker image={image} onChange={setImage} />
      </MemberCard>

      <MemberCard title={t('appeal_sample')}>
        <p className="appeal-sample-hint">{t('appeal_sample_hint')}</p>
        <AppealSamples />
      </MemberCard>

      <p className="appeal-hours">
        <ClockCircleOutline aria-hidden />
        {t('appeal_hours', { from: SUPPORT_HOURS.from, to: SUPPORT_HOURS.to })}
      </p>
    </MemberSubpage>
  );
}
