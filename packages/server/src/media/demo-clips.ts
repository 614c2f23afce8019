import fs from 'node:fs/promises';
import path from 'node:path';
import { testClipArgs, type TestPattern } from './ffmpeg-args.ts';
import { findFontFile, runFfmpeg } from './ffmpeg.ts';

export interface DemoClipSpec {
  title: string;
  pattern: TestPattern;
  seconds: number;
  width: number;
  height: number;
}

/** Generates neutral test-pattern clips (DECISIONS), two at a time on this 2-core machine. */
export async function makeDemoClips(workDir: string, specs: readonly DemoClipSpec[]): Promise<string[]> {
  await fs.mkdir(workDir, { recursive: true });
  const fontFile = findFontFile();
  const files = specs.map((_, i) => path.join(workDir, `clip-${i + 1}.mp4`));
  const make = async (i: number) => {
    const spec = specs[i]!;
    const titleFile = path.join(workDir, `clip-${i + 1}.txt`);
    await fs.writeFile(titleFile, spec.title);
    await runFfmpeg(testClipArgs({ ...spec, out: files[i]!, titleFile, fontFile, toneHz: 220 + i * 110 }));
  };
  for (let i = 0; i < specs.length; i += 2)
    await Promise.all([make(i), ...(i + 1 < specs.length ? [make(i + 1)] : [])]);
  return files;
}
