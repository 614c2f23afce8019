export { LikeButton } from './LikeButton.tsx';
