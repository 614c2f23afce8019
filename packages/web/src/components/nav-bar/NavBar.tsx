import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './nav-bar.css';

interface Props {
  /** Back in the bar; without it the bar has no back control (a tab's own page). */
  onBack?: () => void;
  right?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/**
 * antd-mobile's NavBar, look and class names kept, with a back control a screen reader and a
 * keyboard can use: antd's puts `role="button"` without a name on the whole left part and the
 * click on a plain div inside it, so its back cannot be reached by Tab and is read as "button".
 */
export function NavBar({ onBack, right, className, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={className ? `adm-nav-bar app-nav-bar ${className}` : 'adm-nav-bar app-nav-bar'}>
      <div className="adm-nav-bar-left">
        {onBack && (
          <button
            type="button"
            className="adm-nav-bar-back app-nav-bar__back"
            aria-label={t('back')}
            onClick={onBack}
          >
            <span className="adm-nav-bar-back-arrow">
              <LeftOutline />
            </span>
          </button>
        )}
      </div>
      <div className="adm-nav-bar-title">{children}</div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}
