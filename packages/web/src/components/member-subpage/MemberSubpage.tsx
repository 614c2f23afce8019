import type { ReactNode } from 'react';
import { useGoBack } from '../../app/shell/use-go-back.ts';
import './member-subpage.css';
import { NavBar } from '../nav-bar/NavBar.tsx';

interface Props {
  title: string;
  children: ReactNode;
  /** Sticks to the bottom above the home indicator (the share page's share button). */
  footer?: ReactNode;
  className?: string;
}

/** The frame of the member area's inner pages: nav bar with back, then the content, inside the safe area. */
export function MemberSubpage({ title, children, footer, className }: Props) {
  const goBack = useGoBack();
  return (
    <div className={className ? `member-subpage ${className}` : 'member-subpage'}>
      <NavBar className="member-subpage__bar" onBack={goBack}>
        {title}
      </NavBar>
      <main className="member-subpage__body">{children}</main>
      {footer && <footer className="member-subpage__footer">{footer}</footer>}
    </div>
  );
}

/** A titled group of content on a raised card. */
export function MemberCard({
  title,
  extra,
  children,
  className,
}: {
  title?: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `member-card ${className}` : 'member-card'}>
      {title && (
        <header className="member-card__header">
          <h2 className="member-card__title">{title}</h2>
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
