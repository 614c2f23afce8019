import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { ConsoleLayout } from './ConsoleLayout.tsx';
import { ForbiddenPage, HomePage, NotFoundPage } from './HomePage.tsx';
import { canSee, sections } from './sections.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { SignInPage } from './SignInPage.tsx';

export function App() {
  const { i18n } = useTranslation();
  const tw = i18n.language === 'tw';
  dayjs.locale(tw ? 'zh-tw' : 'zh-cn');
  return (
    <ConfigProvider locale={tw ? zhTW : zhCN} theme={{ token: { colorPrimary: '#d6336c', borderRadius: 6 } }}>
      <AntApp>
        <SessionProvider>
          <BrowserRouter basename="/admin">
            <ConsoleRoutes />
          </BrowserRouter>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function ConsoleRoutes() {
  const { session } = useSession();
  const location = useLocation();
  if (session === undefined)
    return (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (session === null)
    return (
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route
          path="*"
          element={
            <Navigate
              to={`/sign-in?${new URLSearchParams({ next: location.pathname + location.search })}`}
              replace
            />
          }
        />
      </Routes>
    );
  const role = session.operator.role;
  // An owner who must set up TOTP sees only the account page until it is done.
  if (session.totpSetupRequired)
    return (
      <Routes>
        <Route element={<ConsoleLayout />}>
          <Route path="/account" element={<AccountPage />} />
          <Route path="*" element={<Navigate to="/account" replace />} />
        </Route>
      </Routes>
    );
  return (
    <Routes>
      <Route path="/sign-in" element={<Navigate to={returnPath(location.search)} replace />} />
      <Route element={<ConsoleLayout />}>
        <Route index element={<HomePage />} />
        {sections.map((section) => (
          <Route
            key={section.path}
            path={`/${section.path}/*`}
            element={
              canSee(section, role) ? (
                <Suspense fallback={<Spin style={{ margin: 48 }} />}>{section.element}</Suspense>
              ) : (
                <ForbiddenPage roles={section.roles} />
              )
            }
          />
        ))}
        <Route path="/account" element={<AccountPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Where sign-in returns to: the page asked for while signed out (`?next=/audit?page=2`), only a
 * path of this console (never another site: `//host` or `https:` are refused), else the front page.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '/';
  return next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.startsWith('/\\') &&
    !next.startsWith('/sign-in')
    ? next
    : '/';
}
