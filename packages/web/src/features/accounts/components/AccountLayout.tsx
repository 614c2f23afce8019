import { Button } from 'antd-mobile';
import { type FormEvent, type ReactNode } from 'react';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import './account.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

interface Props {
  title: string;
  /** A large heading with a line of explanation above the form. */
  heading?: string;
  hint?: ReactNode;
  /** Back in the nav bar; by default the previous page. */
  onBack?: () => void;
  children: ReactNode;
}

/** The frame of every account page: nav bar, heading, then the form, inside the safe area. */
export function AccountLayout({ title, heading, hint, onBack, children }: Props) {
  const goBack = useGoBack();
  return (
    <div className="account">
      {/* With a heading on the page the bar would only repeat it: the bar keeps the back arrow. */}
      <NavBar onBack={onBack ?? goBack}>{heading ? null : title}</NavBar>
      <main className="account__body">
        {heading && (
          <header className="account__hero">
            <h1 className="account__heading">{heading}</h1>
            {hint && <p className="account__hint">{hint}</p>}
          </header>
        )}
        {children}
      </main>
    </div>
  );
}

/** A form that submits on the keyboard's Go key as well as on its button. */
export function AccountForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="account__form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function AccountFields({ children }: { children: ReactNode }) {
  return <div className="account__fields">{children}</div>;
}

/** Links under the submit button (forgot password, the other sign-in variant…). */
export function AccountLinks({ children, centered }: { children: ReactNode; centered?: boolean }) {
  return (
    <nav className={centered ? 'account__links account__links--centered' : 'account__links'}>{children}</nav>
  );
}

/** The form's one main action, busy while its call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy}>
      {children}
    </Button>
  );
}
