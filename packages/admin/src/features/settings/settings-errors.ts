import type { FormInstance } from 'antd';
import { ConsoleError } from '../../app/api.ts';
import { messageOf } from '../../app/i18n/index.ts';

/** `settings.pwa.message` (a server field key) as an antd name path; list indexes become numbers. */
export const namePath = (key: string) =>
  key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts a refusal's field errors beside the nested fields of a settings form; returns the message
 * for the rest (a toast), or null when every error found its field.
 */
export function showSettingsErrors(form: FormInstance, error: unknown): string | null {
  if (!(error instanceof ConsoleError)) return messageOf('server_error');
  const fields = Object.entries(error.fields);
  form.setFields(fields.map(([key, problem]) => ({ name: namePath(key), errors: [messageOf(problem)] })));
  return fields.length > 0 ? null : messageOf(error.error);
}
