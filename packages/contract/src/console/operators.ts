import { z } from 'zod';
import { EMAIL_PATTERN } from '../rules.ts';
import { consoleListReply, ConsoleListQuerySchema, consolePathId } from './list.ts';

/**
 * Operators of the console (issue 23 §6): people who run the service, never app users. The owner
 * may do everything; the other roles reach the sections their work needs.
 */
export const OPERATOR_ROLES = ['owner', 'editor', 'support', 'finance'] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** Passwords of operators: long enough that a guessing attack within the sign-in limits gets nowhere. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
export const TOTP_DIGITS = 6;

export const OperatorEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_PATTERN, { message: 'invalid_email' });

/** A new operator password (the e-mail check needs the e-mail: the service adds it). */
export const OperatorPasswordSchema = z.string().superRefine((password, context) => {
  const problem = operatorPasswordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, { message: 'totp_invalid' });

/** The signed-in operator as the console knows it. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: OperatorRoleSchema,
  totp: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** `GET /admin/api/session`: who is signed in, and the CSRF token to send with changes. */
export const ConsoleSessionSchema = z.object({
  operator: OperatorSchema,
  csrf: z.string(),
  /** True when this owner must set up TOTP before anything else (OPERATOR_REQUIRE_TOTP). */
  totpSetupRequired: z.boolean(),
  /** TZ_BUSINESS: the console shows every date in it. */
  timeZone: z.string(),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;

/** `POST /admin/api/session`. `totp` is asked for after the password when the operator has TOTP. */
export const SignInBodySchema = z.object({
  email: OperatorEmailSchema,
  password: z.string().min(1).max(OPERATOR_PASSWORD_MAX),
  totp: TotpCodeSchema.optional(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const OperatorIdParamsSchema = z.object({ id: consolePathId() });

export const CreateOperatorBodySchema = z.object({
  email: OperatorEmailSchema,
  role: OperatorRoleSchema,
  password: OperatorPasswordSchema,
});
export type CreateOperatorBody = z.infer<typeof CreateOperatorBodySchema>;

/** Owner's changes to another operator: role, disabled, a new password, TOTP cleared. */
export const UpdateOperatorBodySchema = z
  .object({
    role: OperatorRoleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, { message: 'nothing_to_change' });
export type UpdateOperatorBody = z.infer<typeof UpdateOperatorBodySchema>;

export const ResetPasswordBodySchema = z.object({ password: OperatorPasswordSchema });

export const ChangeOwnPasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(OPERATOR_PASSWORD_MAX),
  newPassword: OperatorPasswordSchema,
});

/** `POST /admin/api/me/totp/setup`: a new secret to scan; it counts once confirmed with a code. */
export const TotpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
/**
 * `PUT /admin/api/me/totp`: a code from the new secret. Replacing a secret already in use also
 * needs the password and a code from the current secret (issue 36 §10).
 */
export const TotpConfirmBodySchema = z.object({
  code: TotpCodeSchema,
  password: z.string().min(1).max(OPERATOR_PASSWORD_MAX).optional(),
  currentCode: TotpCodeSchema.optional(),
});
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

export const OperatorListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['id', 'email', 'role', 'createdAt', 'lastSignInAt']).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  email: z.string().trim().max(254).optional(),
  role: OperatorRoleSchema.optional(),
});
export const OperatorListSchema = consoleListReply(OperatorSchema);

// ── Audit log (audit.ts; re-exported for the imports that name this file) ────────

export { AuditEntrySchema, AuditListQuerySchema, AuditListSchema, type AuditEntry } from './audit.ts';

export const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Why an operator password is too weak, as a message key, or null when it will do: at least
 * OPERATOR_PASSWORD_MIN characters, three of the four kinds (lower case, upper case, digits,
 * other characters), and not the e-mail's name inside it. Checked on every password an operator
 * sets, and on OWNER_PASSWORD at start in production (README "Operator console").
 */
export function operatorPasswordProblem(password: string, email?: string): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN) return 'password_too_short';
  if (password.length > OPERATOR_PASSWORD_MAX) return 'password_too_long';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if (kinds < 3) return 'password_too_simple';
  const name = email?.split('@')[0]?.toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) return 'password_contains_email';
  return null;
}
