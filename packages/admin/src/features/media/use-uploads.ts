import {
  UPLOAD_CHUNK_BYTES,
  UPLOAD_ENDPOINT,
  UPLOAD_TITLE_MAX,
  UPLOADS_AT_ONCE,
} from '@app/contract/console/media';
import type { VideoType } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload as TusUpload } from 'tus-js-client';
import { API_BASE, currentCsrfToken } from '../../app/api.ts';

export type UploadState = 'waiting' | 'sending' | 'paused' | 'done' | 'failed';

export interface FileUpload {
  key: string;
  name: string;
  size: number;
  sent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  state: UploadState;
  /** A refusal key of the server (too_many_uploads, …) or network_error. */
  error?: string;
}

/** How far back the speed is measured: long enough to be steady, short enough to follow the link. */
const SPEED_WINDOW_MS = 5000;

/** The server's refusal key (`{"error": key}`), or network_error when no answer came. */
function refusalOf(error: Error): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const key = (JSON.parse(body ?? '') as { error?: unknown }).error;
    return typeof key === 'string' ? key : 'network_error';
  } catch {
    return 'network_error';
  }
}

/** A title from the file's name: without its extension, within the limit. */
function titleOf(name: string): string {
  return (name.replace(/\.[^.]{1,8}$/, '').trim() || name).slice(0, UPLOAD_TITLE_MAX);
}

/**
 * The files an operator dropped, sent with tus (resumable): at most UPLOADS_AT_ONCE at a time,
 * each retried on a dropped connection, and resumed from where it stopped when the same file is
 * chosen again after the tab was closed (tus-js-client keeps its address in localStorage).
 */
export function useUploads(onFinished: () => void) {
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const clients = useRef(new Map<string, TusUpload>());
  const samples = useRef(new Map<string, { at: number; sent: number }[]>());
  const pending = useRef<{ key: string; file: File; type: VideoType }[]>([]);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const update = useCallback((key: string, change: Partial<FileUpload>) => {
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const startNext = useCallback(() => {
    const active = [...clients.current.keys()].length;
    for (let free = UPLOADS_AT_ONCE - active; free > 0 && pending.current.length > 0; free -= 1) {
      const next = pending.current.shift()!;
      const client: TusUpload = new TusUpload(next.file, {
        endpoint: `${API_BASE}${UPLOAD_ENDPOINT}`,
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
        metadata: { filename: next.file.name.slice(0, 255), title: titleOf(next.file.name), type: next.type },
        headers: { 'x-csrf-token': currentCsrfToken() },
        removeFingerprintOnSuccess: true,
        onProgress: (sent) => {
          const now = Date.now();
          const window = (samples.current.get(next.key) ?? []).filter((s) => now - s.at <= SPEED_WINDOW_MS);
          window.push({ at: now, sent });
          samples.current.set(next.key, window);
          const first = window[0]!;
          const seconds = (now - first.at) / 1000;
          update(next.key, {
            sent,
            speed: seconds > 0.2 ? (sent - first.sent) / seconds : 0,
            state: 'sending',
          });
        },
        onSuccess: () => {
          clients.current.delete(next.key);
          update(next.key, { sent: next.file.size, state: 'done', speed: 0 });
          finished.current();
          startNext();
        },
        onError: (error) => {
          clients.current.delete(next.key);
          update(next.key, { state: 'failed', error: refusalOf(error) });
          startNext();
        },
      });
      clients.current.set(next.key, client);
      update(next.key, { state: 'sending' });
      // A file chosen again after a closed tab continues where its bytes stopped.
      void client.findPreviousUploads().then((previous) => {
        if (previous[0]) client.resumeFromPreviousUpload(previous[0]);
        client.start();
      });
    }
  }, [update]);

  const add = useCallback(
    (files: File[], type: VideoType) => {
      const added = files.map((file) => ({
        key: `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`,
        file,
        type,
      }));
      pending.current.push(...added);
      setUploads((list) => [
        ...added.map(({ key, file }) => ({
          key,
          name: file.name,
          size: file.size,
          sent: 0,
          speed: 0,
          state: 'waiting' as const,
        })),
        ...list,
      ]);
      // After the state above is queued, so update() finds the rows.
      setTimeout(startNext, 0);
    },
    [startNext],
  );

  const pause = useCallback(
    (key: string) => {
      void clients.current.get(key)?.abort();
      update(key, { state: 'paused', speed: 0 });
    },
    [update],
  );
  const resume = useCallback(
    (key: string) => {
      clients.current.get(key)?.start();
      update(key, { state: 'sending' });
    },
    [update],
  );
  const cancel = useCallback(
    (key: string) => {
      const client = clients.current.get(key);
      clients.current.delete(key);
      pending.current = pending.current.filter((item) => item.key !== key);
      // abort(true) also asks the server to remove what arrived.
      void client?.abort(true).catch(() => undefined);
      setUploads((list) => list.filter((item) => item.key !== key));
      startNext();
    },
    [startNext],
  );

  useEffect(() => {
    const live = clients.current;
    return () => live.forEach((client) => void client.abort());
  }, []);

  return { uploads, add, pause, resume, cancel };
}
