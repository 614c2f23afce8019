import { z } from 'zod';

/** HLS renditions made by ingest: 240 (SD), 480 (HD, VIP) and a short intro. */
export const RENDITIONS = ['240', '480', 'intro'] as const;
export type Rendition = (typeof RENDITIONS)[number];

export const AssetIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

/**
 * `GET /hls/{asset}/{rendition}/index.m3u8` and `GET /v1/video/key/{asset}/{rendition}`, both with
 * a signed query (player.ts: SignedPlaylistQuerySchema, SignedKeyQuerySchema).
 */
export const RenditionParamsSchema = z.object({ asset: AssetIdSchema, rendition: z.enum(RENDITIONS) });
