export { EncryptedImage, type EncryptedImageProps } from './EncryptedImage.tsx';
export { cachedImage, loadImage } from './image-cache.ts';
