import { SingleBar } from 'cli-progress';

type Log = { info: (obj: object | string, msg?: string) => void };

/**
 * What the first start's catalogue generation has done and how long is left (issue 35). Work is
 * counted in units that take about the same time each on a 2-core machine, so one bar covers the
 * images, the clips and their transcodes together, whichever runs at the moment. On a terminal in
 * development it is a bar that redraws itself; otherwise (CI, a pipe, a production log) each step
 * is one plain log line.
 */
export const SEED_UNITS = {
  /** One generated image (covers, thumbs, avatars, tiles, banners). */
  image: 1,
  /** One second of a generated clip. */
  clipSecond: 7,
  /** One second of a clip transcoded to HLS 240/480/intro with its covers. */
  transcodeSecond: 15,
};

export interface SeedProgress {
  step(units: number, what: string): void;
  stop(): void;
}

export function seedProgress(total: number, log: Log, options: { bar: boolean }): SeedProgress {
  const started = Date.now();
  let done = 0;
  if (options.bar) {
    const bar = new SingleBar({
      format: 'Demo catalogue {bar} {percentage}% | {step} | about {eta_formatted} left',
      etaBuffer: 40,
      hideCursor: true,
      clearOnComplete: true,
    });
    bar.start(total, 0, { step: 'starting' });
    return {
      step(units, what) {
        done += units;
        bar.update(Math.min(done, total), { step: what });
      },
      stop: () => bar.stop(),
    };
  }
  return {
    step(units, what) {
      done += units;
      const fraction = Math.min(done / total, 1);
      const elapsed = (Date.now() - started) / 1000;
      const left = fraction > 0 ? Math.round((elapsed / fraction) * (1 - fraction)) : undefined;
      log.info({ percent: Math.round(fraction * 100), secondsLeft: left }, `demo catalogue: ${what}`);
    },
    stop: () => undefined,
  };
}
