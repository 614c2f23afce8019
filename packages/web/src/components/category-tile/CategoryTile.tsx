import { memo } from 'react';
import type { Category, VideoType } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../encrypted-image/index.ts';

/** A category in a grid (home, Recommend blocks 12 and 14, the category tab): picture, name, count. */
export const CategoryTile = memo(function CategoryTile({
  category,
  type,
}: {
  category: Category;
  type: VideoType;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/category/${category.category_id}?type=${type}&name=${encodeURIComponent(category.category_name)}`}
      className="home__tile"
    >
      <EncryptedImage
        src={category.category_image}
        alt={category.category_name}
        aspectRatio="5 / 3"
        rounded
      />
      <span className="home__tile-name">{category.category_name}</span>
      <span className="home__tile-count">{t('video_count', { count: category.category_video_count })}</span>
    </Link>
  );
});
