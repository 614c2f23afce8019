export { ActorCard } from './ActorCard.tsx';
