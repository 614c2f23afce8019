/** With TEST_DATABASE_URL (a PostgreSQL admin connection), API tests run on a real PostgreSQL. */

/** Test runs from two checkouts on one server each need their own template. */
export const TEMPLATE_DATABASE = `streamapp_test_template${process.env.TEST_DATABASE_SUFFIX ?? ''}`;

export function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
