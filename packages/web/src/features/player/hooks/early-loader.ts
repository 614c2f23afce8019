import Hls, {
  type HlsConfig,
  type Loader,
  type LoaderCallbacks,
  type LoaderConfiguration,
  type LoaderContext,
} from 'hls.js';
import { takeEarly } from '../early-start.ts';

type AnyLoader = Loader<LoaderContext>;
const DefaultLoader = Hls.DefaultConfig.loader as unknown as new (config: HlsConfig) => AnyLoader;

/**
 * hls.js's loader, answering a playlist or key from the early start (early-start.ts) when it has
 * asked for it, and going to the network for everything else or when the early request failed.
 */
export class EarlyLoader extends DefaultLoader {
  override load(
    context: LoaderContext,
    config: LoaderConfiguration,
    callbacks: LoaderCallbacks<LoaderContext>,
  ) {
    const body = takeEarly(context.url);
    if (!body) {
      super.load(context, config, callbacks);
      return;
    }
    this.context = context;
    const stats = this.stats;
    stats.loading.start = performance.now();
    body.then(
      (data) => {
        if (stats.aborted) return;
        const wanted =
          context.responseType === 'arraybuffer' ? data instanceof ArrayBuffer : typeof data === 'string';
        if (!wanted) {
          super.load(context, config, callbacks);
          return;
        }
        stats.loading.first = stats.loading.end = performance.now();
        stats.loaded = stats.total = typeof data === 'string' ? data.length : data.byteLength;
        callbacks.onSuccess({ url: context.url, data }, stats, context, null);
      },
      // Refused or no network: the usual request, with hls.js's retries and error reports.
      () => !stats.aborted && super.load(context, config, callbacks),
    );
  }
}
