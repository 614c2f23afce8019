import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Loading dots, or the failure with a retry button, in place of a page's content. */
export function LoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!failed)
    return (
      <div className="reward-load" aria-label={t('loading')}>
        <DotLoading color="currentColor" />
      </div>
    );
  return (
    <div className="reward-load reward-load--failed" role="alert">
      <p>{t('network_error')}</p>
      <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
