import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../app/shell/notices.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';

/** §4: with the cash desk under maintenance (or no plans), an alert whose confirm goes back. Once per page. */
export function useMaintenanceAlert(): () => void {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const shown = useRef(false);
  return useCallback(() => {
    if (shown.current) return;
    shown.current = true;
    void showAlert({
      title: t('payment_maintenance'),
      content: t('payment_maintenance_thanks'),
      confirmText: t('confirm'),
    }).then(goBack);
  }, [goBack, t]);
}
