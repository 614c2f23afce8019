import type { Ad } from '@app/contract';
import { SLIDE_AUTOPLAY_MS } from '@app/contract/constants';
import { Swiper } from 'antd-mobile';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { useAdTap } from '../../browse/components/use-ad-tap.ts';

/** The banner slider (layout 1): auto-plays every 4000 ms and loops; a tap follows the ad. */
export default function BannerSlider({ banners }: { banners: Ad[] }) {
  const tap = useAdTap();
  return (
    <Swiper autoplay autoplayInterval={SLIDE_AUTOPLAY_MS} loop className="home__banner">
      {banners.map((ad) => (
        <Swiper.Item key={ad.ad_id} onClick={() => tap(ad)}>
          <EncryptedImage src={ad.ad_img_url} alt={ad.ad_title} aspectRatio="75 / 32" rounded />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
