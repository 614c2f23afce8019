import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner/Spinner.tsx';
import './loading-screen.css';

/**
 * Launch image (phone under 480 px wide, tablet otherwise), a spinner, or an error with retry.
 * Plain elements only: this is the first screen, so it must not wait for the component library.
 */
export function LoadingScreen({ error, onRetry }: { error?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status" aria-busy={!error}>
      {/* Chosen by the browser, as index.html does: reading the window's width while rendering
          would force a layout of the page. */}
      <picture className="loading-screen__picture">
        <source media="(min-width: 480px)" srcSet="/launch-tablet.svg" />
        <img className="loading-screen__image" src="/launch-phone.svg" alt="" />
      </picture>
      <div className="loading-screen__footer">
        {error ? (
          <>
            <p className="loading-screen__error">{error}</p>
            {onRetry && (
              <button type="button" className="loading-screen__retry" onClick={onRetry}>
                {t('retry')}
              </button>
            )}
          </>
        ) : (
          <Spinner label={t('loading')} />
        )}
      </div>
    </div>
  );
}
