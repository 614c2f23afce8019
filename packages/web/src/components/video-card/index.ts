export { VideoCard } from './VideoCard.tsx';
