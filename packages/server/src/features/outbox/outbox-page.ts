import { escapeMarkup } from '../../platform/markup.ts';
export interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Date;
}

/** The development outbox: every kept message, newest first, as plain escaped text. */
export function renderOutboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <header><b>${escapeMarkup(entry.subject)}</b> → ${escapeMarkup(entry.recipient)} <small>${escapeMarkup(entry.channel)} · ${entry.created_at.toISOString()}</small></header>
  <pre>${escapeMarkup(entry.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev outbox</title>
<style>
  body{margin:0 auto;max-width:760px;padding:16px;font:15px system-ui,sans-serif;background:#f6f6f8;color:#222}
  article{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 2px #0002}
  small{color:#777} pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Mail and SMS kept instead of sent (no SMTP_URL or SMS_PROVIDER_URL). Development only.</p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}
