import { NavBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './placeholder-page.css';

/** A titled page for routes whose feature is not built yet. */
export function PlaceholderPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="placeholder-page">
      <NavBar onBack={() => navigate(-1)}>{t(`route_${name}`)}</NavBar>
      <div className="placeholder-page__body">
        <div className="placeholder-page__icon" aria-hidden />
        <p>{t('coming_soon')}</p>
      </div>
    </div>
  );
}
