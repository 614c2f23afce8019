import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ConsoleError } from './api.ts';
import { messageOf } from './i18n/index.ts';

/**
 * An antd rule from a contract schema: the form checks what the server will check, and says it
 * with the same message keys.
 */
export function schemaRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(messageOf(result.error.issues[0]?.message ?? 'invalid'));
    },
  };
}

/**
 * Puts a refusal's field errors beside the fields of the form; returns the message for the rest
 * (shown above the form or as a toast), or null when every error found its field.
 */
export function showServerErrors(form: FormInstance, error: unknown): string | null {
  if (!(error instanceof ConsoleError)) return messageOf('server_error');
  const fields = Object.entries(error.fields);
  form.setFields(fields.map(([name, key]) => ({ name, errors: [messageOf(key)] })));
  return fields.length > 0 ? null : messageOf(error.error);
}
