import { COPY_CONFIRMATION_MS } from '@app/contract/constants';
import { Toast } from '../../../app/toast.ts';
import { CheckOutline, FileOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../app/copy-text.ts';

/**
 * The user's invite code with a copy button. A copy is confirmed for 2 s (part 1 §9) on the
 * button itself; when the browser refuses to copy, the code stays selectable for a long press.
 */
export function InviteCodeCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(code))) {
      Toast.show({ content: t('copy_failed') });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <div className="invite-code">
      <div className="invite-code__text">
        <span className="invite-code__label">{t('share_my_code')}</span>
        <strong className="invite-code__value" data-testid="invite-code">
          {code}
        </strong>
      </div>
      <button
        type="button"
        className={copied ? 'invite-code__copy invite-code__copy--done' : 'invite-code__copy'}
        onClick={() => void copy()}
      >
        {copied ? <CheckOutline aria-hidden /> : <FileOutline aria-hidden />}
        <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
      </button>
    </div>
  );
}
