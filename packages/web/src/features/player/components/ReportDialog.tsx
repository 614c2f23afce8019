import { REPORT_CONTENT_MAX_LENGTH, REPORT_REASONS } from '@app/contract/constants';
import { useCloseOnBack } from '../../../app/back-closes.ts';
import { showAlert } from '../../../app/shell/notices.ts';
import { Button, Popup, Radio, Space, TextArea } from 'antd-mobile';
import { Toast } from '../../../app/toast.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentImageLine } from '../../../app/lines/line-book.ts';
import { reportIsEmpty, reportVideo } from '../api/player-api.ts';

const REASON_KEYS: Record<(typeof REPORT_REASONS)[number], string> = {
  1: 'report_reason_cannot_play',
  2: 'report_reason_slow',
  3: 'report_reason_wrong_info',
  4: 'report_reason_inappropriate',
  5: 'report_reason_other',
};

interface Props {
  avkey: string;
  visible: boolean;
  streamHost: string;
  onClose: () => void;
}

/**
 * Report (part 2 §5, §7.2, §8): a reason or typed text is required and an empty report is not
 * sent; 200 shows the thank-you dialog. The image and stream lines in use go along, for support.
 */
export function ReportDialog({ avkey, visible, streamHost, onClose }: Props) {
  useCloseOnBack(visible, onClose);
  const { t } = useTranslation();
  const [reason, setReason] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  async function send() {
    if (reportIsEmpty({ reason, text })) {
      Toast.show({ content: t('report_empty') });
      return;
    }
    setSending(true);
    try {
      const done = await reportVideo(avkey, {
        reason,
        text,
        imgHost: currentImageLine()?.url ?? '',
        streamHost,
      });
      if (!done) {
        Toast.show({ content: t('report_failed') });
        return;
      }
      setReason(null);
      setText('');
      onClose();
      await showAlert({ content: t('report_thanks'), confirmText: t('confirm') });
    } catch {
      Toast.show({ content: t('network_error') });
    } finally {
      setSending(false);
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div className="sheet__body" data-testid="report-dialog">
        <h3 className="sheet__title">{t('report_title')}</h3>
        <Radio.Group value={reason ?? undefined} onChange={(value) => setReason(Number(value))}>
          <Space direction="vertical" block className="sheet__options">
            {REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} block>
                {t(REASON_KEYS[value])}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        <TextArea
          className="sheet__text"
          placeholder={t('report_placeholder')}
          value={text}
          onChange={setText}
          maxLength={REPORT_CONTENT_MAX_LENGTH}
          rows={3}
          showCount
        />
        <Button block color="primary" shape="rounded" loading={sending} onClick={() => void send()}>
          {t('submit')}
        </Button>
      </div>
    </Popup>
  );
}
