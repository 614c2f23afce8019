import { USER_INIT_SOURCE_MAX } from '@app/contract/constants';
import { request } from '../api/client.ts';

/**
 * The campaign a first start came from, as `POST /v1/user/init` takes it (form `source`, part 1
 * §7): the landing URL's `utm_source` and `utm_medium` in the usual "source / medium" form, or just
 * the source; nothing without a source. Cut to what the server stores.
 */
export function landingSource(landing: URLSearchParams): string | undefined {
  const source = landing.get('utm_source')?.trim();
  if (!source) return undefined;
  const medium = landing.get('utm_medium')?.trim();
  return (medium ? `${source} / ${medium}` : source).slice(0, USER_INIT_SOURCE_MAX);
}

/**
 * Tells the server once per account where it came from and how it was opened (`install`: `pwa`
 * from the home screen, else `web`). Best effort: start-up never waits for it.
 */
export function sendUserInit(source: string | undefined, standalone: boolean): void {
  void request('/v1/user/init', {
    method: 'POST',
    form: { source, install: standalone ? 'pwa' : 'web' },
  }).catch(() => undefined);
}
