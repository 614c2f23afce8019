import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { canSee, sections } from './sections.tsx';
import { useOperator } from './session.tsx';

/** The console's front page: the first section this operator may open. */
export function HomePage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const first = sections.find((section) => canSee(section, operator.role));
  if (first) return <Navigate to={`/${first.path}`} replace />;
  return (
    <Result
      status="info"
      title={t('welcome_title', { email: operator.email })}
      subTitle={t('welcome_text')}
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('not_found_title')}
      extra={
        <Link to="/">
          <Button type="primary">{t('back_home')}</Button>
        </Link>
      }
    />
  );
}
