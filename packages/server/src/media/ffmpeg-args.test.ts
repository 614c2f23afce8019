import { describe, expect, it } from 'vitest';
import {
  drawtextLiteral,
  filterValue,
  frameArgs,
  generatedImagesArgs,
  hlsRenditionArgs,
  probeArgs,
  testClipArgs,
  unconfinedInputs,
  uploadedInput,
} from './ffmpeg-args.ts';

const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('hlsRenditionArgs', () => {
  it('makes an encrypted VOD rendition at the asked height', () => {
    const args = hlsRenditionArgs({
      input: 'in.mp4',
      height: 480,
      outDir: '/out/480',
      keyInfoFile: '/keys/480.keyinfo',
      segmentSeconds: 4,
    });
    expect(valueAfter(args, '-vf')).toContain('scale=-2:480');
    expect(valueAfter(args, '-c:v')).toBe('libx264');
    expect(valueAfter(args, '-preset')).toBe('veryfast');
    expect(valueAfter(args, '-c:a')).toBe('aac');
    expect(valueAfter(args, '-f')).toBe('hls');
    expect(valueAfter(args, '-hls_time')).toBe('4');
    expect(valueAfter(args, '-hls_key_info_file')).toBe('/keys/480.keyinfo');
    expect(valueAfter(args, '-hls_playlist_type')).toBe('vod');
    expect(valueAfter(args, '-hls_segment_filename')).toBe('/out/480/seg_%05d.ts');
    expect(valueAfter(args, '-maxrate')).toBe('1200k');
    expect(args.at(-1)).toBe('/out/480/index.m3u8');
    expect(args).not.toContain('-ss');
    expect(args).not.toContain('-t');
  });

  it('cuts the intro from the start for the asked duration, with a smaller bitrate at 240', () => {
    const args = hlsRenditionArgs({
      input: 'in.mp4',
      height: 240,
      outDir: '/o',
      keyInfoFile: '/k',
      segmentSeconds: 2,
      startSeconds: 0,
      durationSeconds: 8,
    });
    expect(valueAfter(args, '-vf')).toContain('scale=-2:240');
    expect(valueAfter(args, '-ss')).toBe('0');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(valueAfter(args, '-t')).toBe('8');
    expect(valueAfter(args, '-hls_time')).toBe('2');
    expect(valueAfter(args, '-maxrate')).toBe('400k');
  });
});

describe('drawtext escaping', () => {
  it('escapes for the filter graph and the option parser, and keeps expansion out of titles', () => {
    expect(filterValue("a:b'c\\d,e")).toBe("a\\\\:b\\\\\\'c\\\\\\\\d\\,e");
    expect(drawtextLiteral('100% \\o/ %{n}')).toBe('100\\% \\\\o/ \\%{n}');
    expect(drawtextLiteral(' line\nbreak ')).toBe('line break');
  });

  it("burns in a title containing ':' and ''' without breaking the filter", () => {
    const args = testClipArgs({
      pattern: 'smptebars',
      title: "Title: it's 100%",
      seconds: 5,
      width: 320,
      height: 240,
      out: 'o.mp4',
      fontFile: '/f.ttf',
    });
    const filter = valueAfter(args, '-vf')!;
    expect(filter).toContain("drawtext=fontfile=/f.ttf:text=Title\\\\: it\\\\\\'s 100\\\\\\\\%:");
    expect(valueAfter(args, '-t')).toBe('5');
    expect(valueAfter(args, '-c:v')).toBe('libx264');
    expect(valueAfter(args, '-preset')).toBe('ultrafast');
    expect(args).toContain('sine=frequency=440:sample_rate=44100');
  });

  it('makes clips without text when no font is available', () => {
    const args = testClipArgs({
      pattern: 'testsrc2',
      title: 'No font',
      seconds: 5,
      width: 320,
      height: 240,
      out: 'o.mp4',
      hueDegrees: 90,
    });
    expect(valueAfter(args, '-vf')).toBe('hue=h=90,format=yuv420p');
    expect(args.at(-1)).toBe('o.mp4');
  });
});

describe('image args', () => {
  it('crops a frame to exactly the asked size', () => {
    const cover = frameArgs({ input: 'v', atSeconds: 2, width: 640, height: 360, out: 'c.jpg' });
    expect(valueAfter(cover, '-vf')).toContain(
      'scale=640:360:force_original_aspect_ratio=increase,crop=640:360',
    );
    expect(valueAfter(cover, '-ss')).toBe('2');
    expect(valueAfter(cover, '-frames:v')).toBe('1');
    const thumb = frameArgs({ input: 'v', atSeconds: 2, width: 360, height: 640, out: 't.jpg' });
    expect(valueAfter(thumb, '-vf')).toContain('crop=360:640');
  });

  it('writes the asked number of frames, each with its hue and number', () => {
    const args = generatedImagesArgs({
      pattern: 'testsrc',
      count: 30,
      width: 100,
      height: 100,
      outPattern: '/o/img-%04d.jpg',
      fontFile: '/f',
      labelPrefix: "AD'S",
    });
    expect(valueAfter(args, '-frames:v')).toBe('30');
    expect(valueAfter(args, '-start_number')).toBe('1');
    expect(args.at(-1)).toBe('/o/img-%04d.jpg');
    const filter = valueAfter(args, '-vf')!;
    expect(filter).toContain('hue=h=n*137.5');
    expect(filter).toContain("text=AD\\\\\\'S %{eif\\\\:n+1\\\\:d}:");
  });

  it('probes by decoding two frames of the first real video stream', () => {
    expect(probeArgs('/x.mp4')).toEqual(expect.arrayContaining(['-i', 'file:/x.mp4', '0:V:0', 'null']));
  });
});

describe('inputs are confined', () => {
  it('opens an upload through the file protocol and the video demuxers only, with a pixel cap', () => {
    const args = uploadedInput('/up/abc');
    expect(valueAfter(args, '-protocol_whitelist')).toBe('file');
    expect(valueAfter(args, '-format_whitelist')!.split(',')).toEqual(
      expect.arrayContaining(['mov', 'matroska', 'mpegts', 'avi', 'flv']),
    );
    for (const fetching of ['hls', 'dash', 'concat', 'image2', 'tee', 'data', 'http'])
      expect(valueAfter(args, '-format_whitelist')!.split(',')).not.toContain(fetching);
    expect(Number(valueAfter(args, '-max_pixels'))).toBeLessThan(16000 * 16000);
    expect(args.slice(-2)).toEqual(['-i', 'file:/up/abc']);
  });

  it('gives every built command whitelists for each of its inputs', () => {
    const built = [
      probeArgs('/x'),
      frameArgs({ input: '/x', atSeconds: 1, width: 64, height: 36, out: '/o.jpg' }),
      hlsRenditionArgs({ input: '/x', height: 240, outDir: '/o', keyInfoFile: '/k', segmentSeconds: 4 }),
      testClipArgs({ pattern: 'testsrc', title: 't', seconds: 1, width: 64, height: 36, out: '/o.mp4' }),
      generatedImagesArgs({ pattern: 'testsrc', count: 1, width: 8, height: 8, outPattern: '/o-%d.jpg' }),
    ];
    for (const args of built) expect(unconfinedInputs(args)).toEqual([]);
    expect(unconfinedInputs(['-y', '-i', 'x.m3u8', '-f', 'null', '-'])).toEqual(['x.m3u8']);
    expect(
      unconfinedInputs([
        ...uploadedInput('/a'),
        '-protocol_whitelist',
        'file',
        '-i',
        '/b',
        '-f',
        'null',
        '-',
      ]),
    ).toEqual(['/b']);
  });
});
