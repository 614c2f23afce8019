import type { cn } from './cn.ts';
import { twFirst } from './tw-first.ts';
import { twMore } from './tw-more.ts';

/**
 * Traditional-Chinese catalogue as used in Taiwan (locale `tw`, also the fallback language).
 * Same keys as `cn.ts`, in the same two parts: a missing or extra key is a compile error.
 */
export const tw: Record<keyof typeof cn, string> = { ...twFirst, ...twMore };
