import type { Ad } from '@app/contract';
import { useCallback } from 'react';
import { useAdTap as useAnyAdTap } from '../../../app/use-ad-tap.ts';

/** A tap on a feed or banner ad: counted (`POST /v1/ad/click`), then its link value followed. */
export function useAdTap() {
  const tap = useAnyAdTap();
  return useCallback(
    (ad: Ad) => void tap({ link: ad.ad_link_url, image: ad.ad_img_url, id: ad.ad_id }),
    [tap],
  );
}
