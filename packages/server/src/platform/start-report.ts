import type { Config } from '../config.ts';
import type { Db } from './db/database.ts';

/**
 * The one line a start ends with (issue 35): where the app and the console are and how to sign in
 * to the console, so a person who ran `npm start` knows what to open next.
 */
export async function readyLine(db: Db, config: Config, port: number): Promise<string> {
  const origin = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const operator = await db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  const signIn = config.operators.ownerEmail
    ? `sign in there as ${config.operators.ownerEmail} with OWNER_PASSWORD`
    : operator
      ? 'sign in there with an operator account'
      : 'no operator yet: start once with OWNER_EMAIL and OWNER_PASSWORD set to make the owner';
  return `Ready. The app: ${origin}  The console: ${origin}/admin (${signIn})`;
}
