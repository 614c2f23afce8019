import fs from 'node:fs/promises';
import path from 'node:path';
import { allFinished } from './all-finished.ts';
import { testClipArgs, type TestPattern } from './ffmpeg-args.ts';
import { findFontFile, runFfmpeg } from './ffmpeg.ts';

export interface DemoClipSpec {
  title: string;
  pattern: TestPattern;
  seconds: number;
  width: number;
  height: number;
}

/** Two encodes at once fill the two cores; more only adds switching. */
const PARALLEL_CLIPS = 2;

/**
 * Generates neutral test-pattern clips as `workDir/clip-N.mp4`, in the order of `specs`. Each
 * gets its own hue and tone so clips made from the same pattern still look and sound apart.
 */
export async function makeDemoClips(
  workDir: string,
  specs: readonly DemoClipSpec[],
  /** Told as each clip is written (the first start's progress). */
  onClip: (spec: DemoClipSpec) => void = () => {},
): Promise<string[]> {
  await fs.mkdir(workDir, { recursive: true });
  const fontFile = findFontFile();
  const files = specs.map((_, i) => path.join(workDir, `clip-${i + 1}.mp4`));
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < specs.length; i = next++) {
      await runFfmpeg(
        testClipArgs({
          ...specs[i]!,
          out: files[i]!,
          fontFile,
          hueDegrees: (i * 47) % 360,
          toneHz: 220 + (i % 8) * 55,
        }),
      );
      onClip(specs[i]!);
    }
  };
  await allFinished(Array.from({ length: PARALLEL_CLIPS }, worker));
  return files;
}
