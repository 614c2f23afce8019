export { RewardIcon } from './RewardIcon.tsx';
