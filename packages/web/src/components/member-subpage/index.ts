export { MemberCard, MemberSubpage } from './MemberSubpage.tsx';
