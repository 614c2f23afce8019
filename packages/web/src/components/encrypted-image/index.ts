export { EncryptedImage, type EncryptedImageProps } from './EncryptedImage.tsx';
export { cachedImage, holdImageDownloads, loadImage } from './image-cache.ts';
