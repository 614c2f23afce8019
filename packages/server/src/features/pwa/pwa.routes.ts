import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LaunchCodeSchema, Status } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import type { LinesService } from '../lines/lines.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { homeScreenUrl, webClipProfile } from './mobileconfig.ts';

/** The home-screen icon the profile carries: from the built app, else the web sources. */
function readIcon(webDist: string): Buffer | undefined {
  for (const file of [
    path.join(webDist, 'icon-180.png'),
    path.join(webDist, '..', 'public', 'icon-180.png'),
  ]) {
    if (fs.existsSync(file)) return fs.readFileSync(file);
  }
  return undefined;
}

/**
 * Signs the profile (CMS, as iOS shows "Verified") when IOS_PROFILE_CERT and IOS_PROFILE_KEY name
 * PEM files; without them the profile is served unsigned, which iOS also installs.
 */
async function sign(profile: string): Promise<Buffer> {
  const cert = process.env.IOS_PROFILE_CERT;
  const key = process.env.IOS_PROFILE_KEY;
  if (!cert || !key) return Buffer.from(profile);
  const signer = execFile(
    'openssl',
    ['smime', '-sign', '-signer', cert, '-inkey', key, '-nodetach', '-outform', 'der'],
    {
      encoding: 'buffer',
      maxBuffer: 1 << 20,
    },
  );
  signer.stdin?.end(profile);
  const chunks: Buffer[] = [];
  signer.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const code = await new Promise<number | null>((resolve) => signer.on('close', resolve));
  if (code !== 0) fail(Status.serverError, 'profile_signing_failed');
  return Buffer.concat(chunks);
}

export const pwaRoutes =
  (
    ctx: AppContext,
    lines: LinesService,
    sessions: SessionService,
    appInfo: Pick<AppInfoService, 'stored'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const icon = readIcon(ctx.config.webDist);

    app.get(
      '/v1/pwa/ios.mobileconfig',
      { schema: { querystring: z.object({ code: LaunchCodeSchema }) } },
      async (request, reply) => {
        const { code } = request.query;
        // Only codes that work: a profile must bring its installation back to its session.
        if (!(await sessions.launchCodeWorks(code))) fail(Status.invalid, 'launch_code_unknown');
        const [origin = ''] = lines.lineOrigins(request);
        const profile = webClipProfile({
          url: homeScreenUrl(ctx.config.publicUrl ?? origin, code, (await appInfo.stored()).pwa.launch),
          label: 'StreamApp',
          organization: 'StreamApp',
          identifier: 'app.streamapp.profile',
          icon,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="streamapp.mobileconfig"')
          .type('application/x-apple-aspen-config')
          .send(await sign(profile));
      },
    );
  };
