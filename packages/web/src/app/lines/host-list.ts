import type { HostList } from '@app/contract';

/**
 * Bootstrap hosts that serve `/host_pwa.txt`, tried at once; the first good answer wins. Set at
 * build time with VITE_BOOTSTRAP_HOSTS (comma list of up to four origins); default: this origin.
 */
export function bootstrapHosts(): string[] {
  const configured = String(import.meta.env.VITE_BOOTSTRAP_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  return configured.length > 0 ? configured.slice(0, 4) : [location.origin];
}

/** Built-in lines used when no bootstrap host answers: the app's own origin serves everything. */
export function defaultHostList(): HostList {
  const url = location.origin;
  return {
    api_pwa: [{ url }],
    img_pwa: [{ url, encrypt: true }],
    stream_pwa: [{ url, mode: 'novip', vip: false, name: 'abroad' }],
    potato: '',
    telegream: '',
    'sharelihi.iOS': '',
  };
}

export async function loadHostList(hosts: string[], timeoutMs: number): Promise<HostList> {
  return Promise.any(
    hosts.map(async (host) => {
      // Not `no-store`: index.html preloads this very request (the server answers `no-cache`).
      const reply = await fetch(`${host.replace(/\/$/, '')}/host_pwa.txt`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!reply.ok) throw new Error(`host list ${reply.status}`);
      // A light shape check: the full schema would bring a validation library into start-up.
      const hostList = JSON.parse(await reply.text()) as HostList;
      if (![hostList.api_pwa, hostList.img_pwa, hostList.stream_pwa].every(Array.isArray))
        throw new Error('bad host list');
      return hostList;
    }),
  );
}
