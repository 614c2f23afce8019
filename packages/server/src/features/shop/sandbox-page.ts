import { escapeMarkup } from '../../platform/markup.ts';

const METHOD_NAMES: Record<string, string> = {
  alipay: '支付宝 Alipay',
  wxpay: '微信支付 WeChat Pay',
  bank: '云闪付 UnionPay',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
<style>
  html,body{margin:0;min-height:100%;background:#f4f5f7;color:#1f2329;font:16px -apple-system,system-ui,sans-serif}
  main{max-width:420px;margin:0 auto;padding:24px 16px calc(24px + env(safe-area-inset-bottom))}
  .badge{display:inline-block;background:#fff3cd;color:#8a6d00;border-radius:4px;padding:2px 8px;font-size:12px}
  .card{background:#fff;border-radius:12px;padding:20px;margin:16px 0;box-shadow:0 1px 3px #0001}
  .name{font-size:17px;word-break:break-word}
  .amount{font-size:40px;font-weight:600;margin:12px 0 4px}
  .muted{color:#8a8f99;font-size:13px;word-break:break-all}
  form{margin:0}
  button,.cancel{display:block;box-sizing:border-box;width:100%;min-height:48px;border-radius:24px;font-size:17px;text-align:center;text-decoration:none;line-height:48px;margin-top:12px}
  button{border:0;background:#1677ff;color:#fff}
  .cancel{background:#fff;color:#1f2329;border:1px solid #d0d3d9}
</style>
</head>
<body>
<main>
<span class="badge">SANDBOX · 沙盒支付</span>
${body}
</main>
</body>
</html>`;
}

/** The checkout: what is bought, the amount, Pay (a form carrying the signed order back) and Cancel. */
export function renderCheckoutPage(params: Record<string, string>, cancelUrl: string): string {
  const hidden = Object.entries(params)
    .map(
      ([name, value]) => `<input type="hidden" name="${escapeMarkup(name)}" value="${escapeMarkup(value)}">`,
    )
    .join('\n');
  return page(
    'Sandbox checkout',
    `<div class="card">
  <div class="name">${escapeMarkup(params.name ?? '')}</div>
  <div class="amount">¥${escapeMarkup(params.money ?? '')}</div>
  <div class="muted">${escapeMarkup(METHOD_NAMES[params.type ?? ''] ?? params.type ?? '')}</div>
  <div class="muted">No. ${escapeMarkup(params.out_trade_no ?? '')}</div>
</div>
<form method="post" action="pay">
${hidden}
<button type="submit">Pay 支付</button>
</form>
<a class="cancel" href="${escapeMarkup(cancelUrl)}">Cancel 取消</a>`,
  );
}

/** A refusal or a merchant that did not confirm the notify, with the reason as text. */
export function renderProblemPage(title: string, detail: string): string {
  return page(
    title,
    `<div class="card"><div class="name">${escapeMarkup(title)}</div><p class="muted">${escapeMarkup(detail)}</p></div>`,
  );
}
