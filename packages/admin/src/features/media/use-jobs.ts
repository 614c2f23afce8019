import { TRANSCODE_EVENTS_PATH, type TranscodeJob } from '@app/contract/console/media';
import { useCallback, useEffect, useState } from 'react';
import { API_BASE, consoleApi } from '../../app/api.ts';

/** Without the event stream the page asks again this often (the fallback). */
const POLL_MS = 3000;

/**
 * The job list, kept live by the server's event stream (SSE): each change of a job replaces its
 * row. While the stream is down the list is read every few seconds instead.
 */
export function useJobs() {
  const [jobs, setJobs] = useState<TranscodeJob[]>([]);
  const [loading, setLoading] = useState(true);
  const [live, setLive] = useState(false);

  const reload = useCallback(async () => {
    try {
      const reply = await consoleApi.get<{ items: TranscodeJob[] }>('/transcode/jobs', { limit: 100 });
      setJobs(reply.items);
    } finally {
      setLoading(false);
    }
  }, []);

  const put = useCallback((job: TranscodeJob) => {
    setJobs((list) => {
      const at = list.findIndex((item) => item.id === job.id);
      if (at === -1) return [job, ...list];
      const next = [...list];
      next[at] = job;
      return next;
    });
  }, []);

  useEffect(() => {
    void reload();
    const source = new EventSource(`${API_BASE}${TRANSCODE_EVENTS_PATH}`);
    source.addEventListener('open', () => {
      setLive(true);
      // Whatever changed while the stream was away.
      void reload();
    });
    source.addEventListener('error', () => setLive(false));
    source.addEventListener('job', (event) => put(JSON.parse((event as MessageEvent<string>).data)));
    source.addEventListener('removed', (event) => {
      const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: number };
      setJobs((list) => list.filter((item) => item.id !== id));
    });
    source.addEventListener('reset', () => void reload());
    return () => source.close();
  }, [reload, put]);

  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void reload().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  return { jobs, loading, live, reload, put };
}
