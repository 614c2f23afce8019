import type { Ad } from '@app/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { followAd } from '../../../app/ad-link.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { trackAdClick } from '../browse-api.ts';

/** A tap on an ad: counted (`POST /v1/ad/click`, best effort), then its link value followed. */
export function useAdTap() {
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  return useCallback(
    (ad: Ad) => {
      trackAdClick(ad.ad_link_url || String(ad.ad_id));
      followAd(ad.ad_link_url, userInfo.level, (path) => void navigate(path));
    },
    [navigate, userInfo.level],
  );
}
