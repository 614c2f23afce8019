import multipart from '@fastify/multipart';
import {
  ActivityBodySchema,
  APPEAL_FIELDS,
  APPEAL_IMAGE_MAX_BYTES,
  AppealEmailSchema,
  ExchangeBodySchema,
  Status,
  TicketListQuerySchema,
  TokenParamSchema,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fail } from '../../platform/errors.ts';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import { appealImageType } from './appeal-image.ts';
import type { RewardsService } from './rewards.service.ts';

/** An appeal form is an e-mail, a token and one image; anything more is not an appeal. */
const APPEAL_LIMITS = {
  fileSize: APPEAL_IMAGE_MAX_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 64,
  parts: 6,
  headerPairs: 100,
};

/** Points exchange, activity codes, discount tickets and appeals (part 2 §7.3); every call needs a token. */
export const rewardsRoutes =
  (sessions: SessionService, rewards: RewardsService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    app.get('/v2/shop/exchange/list', { schema: { querystring } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await rewards.exchangeList(userId));
    });

    app.post('/v2/shop/exchange', { schema: { querystring, body: ExchangeBodySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await rewards.exchange(userId, request.body.point), Status.ok, 'exchange_success');
    });

    app.post('/v1/user/exchange', { schema: { querystring, body: ActivityBodySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      const granted = await rewards.redeemActivityCode(userId, request.body.code);
      return envelope(granted, Status.ok, 'activity_success');
    });

    app.get('/v1/shop/appeals', { schema: { querystring } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope({ result: await rewards.appeals(userId, localeOf(request)) });
    });

    app.get('/v2/shop/cash_discost', { schema: { querystring: TicketListQuerySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope({ result: await rewards.tickets(userId, request.query.type, localeOf(request)) });
    });

    // Multipart is parsed only in this scope: every other route keeps the 64 KiB body limit.
    await app.register(async (scope: FastifyInstance) => {
      await scope.register(multipart, { limits: APPEAL_LIMITS });
      scope.post('/v1/shop/report', { schema: { querystring } }, async (request) => {
        // The account and its quota are settled before the image's bytes are read (the app sends
        // the token first): an account over its quota, or a full store, is refused without taking
        // the upload in.
        let userId: number | undefined;
        const admit = async (token: string | undefined) => {
          if (userId !== undefined || !token) return;
          userId = (await sessions.authenticate(token)).userId;
          await rewards.checkAppealQuota(userId);
        };
        await admit(tokenOf(request));
        const form = await readAppealForm(scope, request, admit);
        await admit(form.token);
        if (userId === undefined) userId = (await sessions.authenticate(undefined)).userId;
        const email = form.email?.trim();
        if (!email) fail(Status.invalid, 'appeal_mail_empty');
        const parsedEmail = AppealEmailSchema.safeParse(email);
        if (!parsedEmail.success) fail(Status.invalid, 'appeal_mail_invalid');
        if (!form.image || form.image.length === 0) fail(Status.invalid, 'appeal_image_empty');
        const type = appealImageType(form.image);
        if (!type) fail(Status.invalid, 'appeal_image_type');
        const result = await rewards.appeal(userId, parsedEmail.data, { bytes: form.image, type });
        return envelope(result, Status.ok, 'appeal_sent');
      });
    });
  };

interface AppealForm {
  email?: string;
  token?: string;
  image?: Buffer;
}

/**
 * Reads the appeal's parts within the limits: an image over 5 MB, a second file, a file under
 * another name or an overlong field is bad input (401), never a server error. `beforeImage` runs
 * when the file part begins, with the form's token if one came first; a refusal there stops the
 * reading, and the rest of the upload is discarded unread.
 */
async function readAppealForm(
  scope: FastifyInstance,
  request: FastifyRequest,
  beforeImage: (token: string | undefined) => Promise<void>,
): Promise<AppealForm> {
  const form: AppealForm = {};
  // Only the parser's errors are the client's bytes; the admission's own failures pass unchanged.
  let admission: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== APPEAL_FIELDS.image) fail(Status.invalid, 'invalid_input');
        await beforeImage(form.token).catch((error: unknown) => {
          admission = error;
          throw error;
        });
        form.image = await part.toBuffer();
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated || typeof part.value !== 'string')
        fail(Status.invalid, 'invalid_input');
      if (part.fieldname === APPEAL_FIELDS.email) form.email = part.value;
      else if (part.fieldname === 'token') form.token = part.value || undefined;
    }
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError)
      fail(Status.invalid, 'appeal_image_too_large');
    if (error instanceof AppError || error === admission) throw error;
    // Everything else here comes from parsing the client's bytes (a form cut short, broken headers).
    fail(Status.invalid, 'invalid_input');
  }
  return form;
}
