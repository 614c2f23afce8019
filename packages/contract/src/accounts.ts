import { z } from 'zod';
import { EMAIL_PATTERN } from './rules.ts';
import { PHONE_WIRE_PATTERN } from './account-rules.ts';
import { PASSWORD_MIN_LENGTH, VERIFY_CODE_LENGTH } from './constants.ts';
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
  .regex(new RegExp(`^[0-9]{${VERIFY_CODE_LENGTH}}$`));
/** Invite codes are letters and digits (typed in any case); anything else cannot be one. */
export const InviteCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9]+$/);

const Identity = z.object({ email: EmailSchema.optional(), phone: PhoneSchema.optional() });
type Identity = z.infer<typeof Identity>;
const oneIdentity = (value: Identity) => (value.email === undefined) !== (value.phone === undefined);
const oneIdentityIssue = { message: 'email_or_phone', path: ['email'] };

/** An account named by e-mail or phone. */
export type AccountName = { channel: 'email'; address: string } | { channel: 'phone'; address: string };
/** The account a request names, in its stored form: e-mail addresses are one account whatever their case. */
export function accountNameOf(value: Identity): AccountName {
  return value.email !== undefined
    ? { channel: 'email', address: value.email.toLowerCase() }
    : { channel: 'phone', address: value.phone! };
}

function withIdentity<T extends z.ZodRawShape>(shape: T) {
  return optionalBody(
    TokenParamSchema.extend(Identity.shape).extend(shape).refine(oneIdentity, oneIdentityIssue),
  );
}

/**
 * `POST /v1/login/phone`: platform, e-mail or phone, password. The spec's `x-fast-code` header may
 * come along; it is ignored (a code is never attached to the account signed into).
 */
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
const CodeSentSchema = z.object({ countdown: z.number().int(), valid_seconds: z.number().int() });
export type CodeSent = z.infer<typeof CodeSentSchema>;
export const CodeSentReplySchema = replySchema(CodeSentSchema);

/**
 * Wrong passwords are remembered for a day. Each account counts them per client address (so a
 * stranger's guesses never hold back the owner at another address), each address across accounts:
 * the first ones are free, then every further try waits, 1 minute after the first extra failure,
 * doubling with each next one up to an hour (403 `login_wait`).
 */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_MAX_FAILURES_PER_CLIENT = 50;
export const SIGN_IN_FAILURE_WINDOW_MIN = 24 * 60;
export const SIGN_IN_FIRST_WAIT_MIN = 1;
export const SIGN_IN_LONGEST_WAIT_MIN = 60;
/** A change of binding must follow a successful password check on the same session within this time. */
export const PASSWORD_CHECK_VALID_MIN = 10;

/** 403 `login_wait`: whole minutes until the next password try is accepted. */
export const SignInWaitReplySchema = replySchema(z.object({ wait_minutes: z.number().int() }));
/** 413 `send_too_frequent`: seconds until the next code may be sent (resumes the countdown). */
export const SendWaitReplySchema = replySchema(z.object({ countdown: z.number().int() }));

/** Every `status.message` the account calls answer with, so the web catalogue can carry them all. */
export const ACCOUNT_MESSAGE_KEYS = [
  'invalid_input',
  'launch_code_invalid',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'code_sent',
  'signin_success',
  'bind_success',
  'code_ok',
  'reset_success',
  'ok',
  'change_bind_success',
  'change_password_success',
  'invite_success',
  'login_failed',
  'login_wait',
  'bind_channel_off',
  'user_already_bound',
  'account_already_bound',
  'account_not_exist',
  'not_bound',
  'account_wrong',
  'error_content5',
  'password_check_required',
  'send_too_frequent',
  'error_content6',
  'error_content4',
  'code_wrong',
  'error_content7',
  'invite_code_invalid',
  'share_code_error',
  'share_code_error1',
  'provider_error',
  'provider_unavailable',
  'account_banned',
] as const;
export type AccountMessageKey = (typeof ACCOUNT_MESSAGE_KEYS)[number];
