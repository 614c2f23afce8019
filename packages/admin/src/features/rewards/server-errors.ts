import type { FormInstance } from 'antd';
import { ConsoleError } from '../../app/api.ts';
import { messageOf } from '../../app/i18n/index.ts';

/**
 * Puts a refusal's field errors beside the fields of a form with lists (`rewards.3.amount` is the
 * field `['rewards', 3, 'amount']`); returns the message for what found no field, else null.
 */
export function showListFormErrors(form: FormInstance, error: unknown): string | null {
  if (!(error instanceof ConsoleError)) return messageOf('server_error');
  const fields = Object.entries(error.fields);
  const known = fields.filter(([name]) => name !== '_' && !/^(rewards|options|tiers)$/.test(name));
  form.setFields(
    known.map(([name, key]) => ({
      name: name.split('.').map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part)),
      errors: [messageOf(key)],
    })),
  );
  const rest = fields.filter((entry) => !known.includes(entry));
  if (rest.length > 0) return messageOf(rest[0]![1]);
  return known.length > 0 ? null : messageOf(error.error);
}
