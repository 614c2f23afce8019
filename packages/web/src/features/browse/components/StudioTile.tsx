import { memo } from 'react';
import type { Studio, VideoType } from '@app/contract';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import './studio-tile.css';

/** A studio (片商): its picture and name; a tap opens its videos of the type it was shown with. */
export const StudioTile = memo(function StudioTile({
  studio,
  type,
  className,
}: {
  studio: Studio;
  type: VideoType;
  className: string;
}) {
  return (
    <Link to={`/studio/${studio.studio_id}?type=${type}`} className={className} data-testid="studio-tile">
      <EncryptedImage src={studio.studio_image} alt="" aspectRatio="1 / 1" rounded />
      <span className="studio-tile__name">{studio.studio_name}</span>
    </Link>
  );
});
