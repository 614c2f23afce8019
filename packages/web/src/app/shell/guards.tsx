import { showConfirm } from './notices.ts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupData } from '../startup/startup-store.ts';
import { useGoBack } from './use-go-back.ts';

const SIGNUP_RETURN_KEY = 'app.signupReturn';

/** Opening sign-up from a page remembers that page's full path to return to afterwards. */
export function rememberSignupReturn(): void {
  sessionStorage.setItem(SIGNUP_RETURN_KEY, location.pathname + location.search);
}

export function takeSignupReturn(): string | null {
  const path = sessionStorage.getItem(SIGNUP_RETURN_KEY);
  sessionStorage.removeItem(SIGNUP_RETURN_KEY);
  return path;
}

/** Pages that need a bound account ask to bind first: bind → sign-up, cancel → back. */
export function RequireBinding({ children }: { children: ReactNode }) {
  const { userInfo } = useStartupData();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { t } = useTranslation();
  const bound = Boolean(userInfo.email || userInfo.phone);
  useEffect(() => {
    if (bound) return;
    void showConfirm({
      content: t('bind_prompt_content'),
      confirmText: t('go_bind'),
      cancelText: t('cancel'),
    }).then((confirmed) => {
      if (confirmed) {
        rememberSignupReturn();
        navigate('/member/signup');
      } else goBack();
    });
  }, [bound, goBack, navigate, t]);
  return bound ? <>{children}</> : null;
}
