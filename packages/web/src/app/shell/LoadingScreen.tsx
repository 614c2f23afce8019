import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './loading-screen.css';

/** Launch image (phone under 480 px wide, tablet otherwise), a spinner, or an error with retry. */
export function LoadingScreen({ error, onRetry }: { error?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  const image = window.innerWidth < 480 ? '/launch-phone.svg' : '/launch-tablet.svg';
  return (
    <div className="loading-screen" role="status" aria-busy={!error}>
      <img className="loading-screen__image" src={image} alt="" />
      <div className="loading-screen__footer">
        {error ? (
          <>
            <p className="loading-screen__error">{error}</p>
            {onRetry && (
              <Button color="primary" shape="rounded" onClick={onRetry}>
                {t('retry')}
              </Button>
            )}
          </>
        ) : (
          <SpinLoading color="primary" style={{ '--size': '28px' }} aria-label={t('loading')} />
        )}
      </div>
    </div>
  );
}
