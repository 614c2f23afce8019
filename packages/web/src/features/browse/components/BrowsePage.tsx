import { SearchOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import './browse-page.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

/** The frame of the browsing pages: title with back, a search icon when a type is given, content. */
export function BrowsePage({
  title,
  searchType,
  children,
}: {
  title: string;
  searchType?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="browse-page">
      <NavBar
        className="browse-page__bar"
        onBack={goBack}
        right={
          searchType && (
            <Link
              to={`/${searchType}/search`}
              aria-label={t('search_placeholder')}
              className="browse-page__search"
            >
              <SearchOutline />
            </Link>
          )
        }
      >
        {title}
      </NavBar>
      <main className="browse-page__body">{children}</main>
    </div>
  );
}
