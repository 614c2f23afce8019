import { z } from 'zod';
import { EMAIL_PATTERN } from './rules.ts';
import { PHONE_WIRE_PATTERN } from './account-rules.ts';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { optionalBody, PlatformSchema, TokenParamSchema, TokenReplySchema } from './startup.ts';
import { replySchema } from './status.ts';

export * from './account-rules.ts';

/**
 * Account calls of part 1 §7. Every call names its account by exactly one of `email` or
 * `phone` ("86-13800138000"); a body with both or neither is invalid input (401).
 */
const MAX_PASSWORD = 128;
export const EmailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN);
export const PhoneSchema = z.string().trim().regex(PHONE_WIRE_PATTERN);
export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(MAX_PASSWORD);
export const VerifyCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/);
export const InviteCodeSchema = z.string().trim().min(1).max(32);

const Identity = z.object({ email: EmailSchema.optional(), phone: PhoneSchema.optional() });
type Identity = z.infer<typeof Identity>;
const oneIdentity = (value: Identity) => (value.email === undefined) !== (value.phone === undefined);
const oneIdentityIssue = { message: 'email_or_phone', path: ['email'] };

/** An account named by e-mail or phone. */
export type AccountName = { channel: 'email'; address: string } | { channel: 'phone'; address: string };
export function accountNameOf(value: Identity): AccountName {
  return value.email !== undefined
    ? { channel: 'email', address: value.email }
    : { channel: 'phone', address: value.phone! };
}

function withIdentity<T extends z.ZodRawShape>(shape: T) {
  return optionalBody(
    TokenParamSchema.extend(Identity.shape).extend(shape).refine(oneIdentity, oneIdentityIssue),
  );
}

/** `POST /v1/login/phone`: platform, e-mail or phone, password; launch code in `x-fast-code`. */
export const LoginBodySchema = withIdentity({
  platform: PlatformSchema.default('web'),
  password: z.string().min(1).max(MAX_PASSWORD),
});
export const LoginReplySchema = TokenReplySchema;

/** `POST /v1/register/verify`: sends a sign-up code to a new e-mail or phone (token = the guest). */
export const RegisterVerifyBodySchema = withIdentity({});
/** `POST /v1/register/binding`: binds the guest of the token; the reply's token is the bound session. */
export const RegisterBindingBodySchema = withIdentity({
  platform: PlatformSchema.default('web'),
  code: VerifyCodeSchema,
  password: PasswordSchema,
});
export const RegisterBindingReplySchema = TokenReplySchema;

/** `POST /v1/user/pwd/forget`: sends a reset code to a bound e-mail or phone. */
export const ForgetBodySchema = withIdentity({});
/**
 * `POST /v1/user/pwd/reset`: with `pass` the password is set and the code used up (201); without
 * it the code is only checked (200), which is the forgot page's verify-identity step.
 */
export const ResetBodySchema = withIdentity({ code: VerifyCodeSchema, pass: PasswordSchema.optional() });

/** `POST /v1/user/checkpwd`: the current password before a change of binding (404 when wrong). */
export const CheckPasswordBodySchema = optionalBody(
  TokenParamSchema.extend({ password: z.string().min(1).max(MAX_PASSWORD) }),
);
/** `POST /v1/user/changereg/verify`: sends a code to the new e-mail or phone. */
export const ChangeBindVerifyBodySchema = withIdentity({});
/** `POST /v1/user/changereg/binding`: the new e-mail or phone with its code. */
export const ChangeBindBodySchema = withIdentity({ code: VerifyCodeSchema });

/** `POST /v1/user/changpwd`: account (the bound e-mail or phone), origin_password, new_password. */
export const ChangePasswordBodySchema = optionalBody(
  TokenParamSchema.extend({
    account: z.string().trim().min(1).max(254),
    origin_password: z.string().min(1).max(MAX_PASSWORD),
    new_password: PasswordSchema,
  }),
);

/** `POST /v1/user/invite`: the friend's invite code. */
export const InviteBodySchema = optionalBody(TokenParamSchema.extend({ code: InviteCodeSchema }));

/** Sending a code answers how long until the next send is allowed, for the countdown. */
export const CodeSentReplySchema = replySchema(
  z.object({ countdown: z.number().int(), valid_seconds: z.number().int() }),
);
