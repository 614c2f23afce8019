export { PagedList, type Page } from './PagedList.tsx';
