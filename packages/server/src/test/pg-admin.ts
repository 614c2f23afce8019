/** With TEST_DATABASE_URL (a PostgreSQL admin connection), API tests run on a real PostgreSQL. */
export const TEMPLATE_DATABASE = 'streamapp_test_template';

export function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
