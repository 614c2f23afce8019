import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adTarget } from './ad-link.ts';
import { request } from './api/client.ts';
import { useStartupData } from './startup/startup-store.ts';

/** Ad click tracking (`POST /v1/ad/click`): best effort, never in the way of following the ad. */
export function trackAdClick(url: string) {
  void request('/v1/ad/click', { form: { url } }).catch(() => undefined);
}

/**
 * A tap on any ad (feed, banner, cover, pop-up, player): counted with `POST /v1/ad/click` (the
 * ad's link; one that leads nowhere by its id, or its image), then its link value followed:
 * in-app routes through `go` (default: the router), external addresses in a new tab, `email` as
 * a mail to support with the subject and body template. Returns whether the tap led anywhere, so
 * the caller can close what showed the ad.
 */
export function useAdTap() {
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  return useCallback(
    (
      ad: { link: string; image: string; id?: number },
      go: (path: string) => void = (path) => void navigate(path),
    ) => {
      const target = adTarget(ad.link, userInfo.level);
      trackAdClick(target.kind !== 'none' ? ad.link : ad.id === undefined ? ad.image : String(ad.id));
      switch (target.kind) {
        case 'route':
          go(target.path);
          return true;
        case 'external':
          window.open(target.url, '_blank', 'noopener');
          return true;
        case 'mail':
          // Its own module, loaded on the tap: the first screen carries none of the mail's texts.
          void import('./support-mail.ts').then((mail) =>
            mail.openSupportMail(appInfo.support_mail, userInfo.user_id),
          );
          return true;
        case 'none':
          return false;
      }
    },
    [navigate, appInfo.support_mail, userInfo.level, userInfo.user_id],
  );
}
