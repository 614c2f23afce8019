import { useEffect, useState } from 'react';
import { startUp, type StartupResult } from './startup.ts';
import './theme.css';

/** The start-up shell: a loading screen until start-up finishes, then the home placeholder. */
export function App() {
  const [state, setState] = useState<StartupResult | 'loading' | 'error'>('loading');
  useEffect(() => {
    startUp().then(
      (result) => result && setState(result),
      () => setState('error'),
    );
  }, []);

  if (state === 'loading') return <div className="loading" role="status" aria-label="loading" />;
  if (state === 'error') return <p className="error">Network error</p>;
  return (
    <main className="home">
      <h1>长视频</h1>
      <nav>
        {state.menus.long.map((menu) => (
          <span key={menu.menu_id}>{menu.menu_name}</span>
        ))}
      </nav>
      <p data-testid="user-id">ID {state.userInfo.user_id}</p>
    </main>
  );
}
