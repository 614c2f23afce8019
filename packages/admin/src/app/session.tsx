import type { ConsoleSession, SignInBody } from '@app/contract/console/operators';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ConsoleError, consoleApi, setCsrfToken, whenSignedOut } from './api.ts';
import { setTimeZone } from './dates.ts';

interface SessionState {
  /** undefined while the first check runs; null when nobody is signed in. */
  session: ConsoleSession | null | undefined;
  signIn: (body: SignInBody) => Promise<void>;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/** The signed-in operator, checked once at start and after sign-in; a 401 anywhere signs out. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<ConsoleSession | null | undefined>(undefined);

  const accept = useCallback((next: ConsoleSession | null) => {
    setCsrfToken(next?.csrf ?? '');
    if (next) setTimeZone(next.timeZone);
    setSession(next);
  }, []);

  const refresh = useCallback(async () => {
    try {
      accept(await consoleApi.get<ConsoleSession>('/session'));
    } catch (error) {
      if (error instanceof ConsoleError && error.status === 401) accept(null);
      else throw error;
    }
  }, [accept]);

  useEffect(() => {
    whenSignedOut(() => accept(null));
    refresh().catch(() => accept(null));
  }, [accept, refresh]);

  const value = useMemo<SessionState>(
    () => ({
      session,
      refresh,
      signIn: async (body) => accept(await consoleApi.post<ConsoleSession>('/session', body)),
      signOut: async () => {
        await consoleApi.delete('/session').catch(() => undefined);
        accept(null);
      },
    }),
    [session, refresh, accept],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The signed-in operator (only inside the signed-in layout). */
export function useOperator() {
  const { session } = useSession();
  if (!session) throw new Error('useOperator without a session');
  return session.operator;
}
