/** Local settings, typed and persisted in one place (spec part 1 §3). */
const PREFIX = 'app.';

export function readToken(): string | null {
  return localStorage.getItem(`${PREFIX}token`);
}

export function writeToken(token: string | null): void {
  if (token) localStorage.setItem(`${PREFIX}token`, token);
  else localStorage.removeItem(`${PREFIX}token`);
}
