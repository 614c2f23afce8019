import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../app/shell/use-go-back.ts';
import './placeholder-page.css';
import { NavBar } from '../nav-bar/NavBar.tsx';

/** A titled page for routes whose feature is not built yet. */
export function PlaceholderPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="placeholder-page">
      <NavBar onBack={goBack}>{t(`route_${name}`)}</NavBar>
      <div className="placeholder-page__body">
        <div className="placeholder-page__icon" aria-hidden />
        <p>{t('coming_soon')}</p>
      </div>
    </div>
  );
}
