export { CreatorLink, creatorPath } from './CreatorLink.tsx';
