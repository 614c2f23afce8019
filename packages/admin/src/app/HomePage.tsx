import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { OperatorRole } from '@app/contract/console/operators';
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

/** A section this operator's role may not open (403): says so, and names the roles that may. */
export function ForbiddenPage({ roles }: { roles: readonly OperatorRole[] }) {
  const { t } = useTranslation();
  const needed = (['owner', ...roles.filter((role) => role !== 'owner')] as OperatorRole[]).map((role) =>
    t(`role_${role}`),
  );
  return (
    <Result
      status="403"
      title={t('forbidden_title')}
      subTitle={t('forbidden_roles', { roles: needed.join(t('list_separator')) })}
      extra={
        <Link to="/">
          <Button type="primary">{t('back_home')}</Button>
        </Link>
      }
    />
  );
}
