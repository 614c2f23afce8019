/**
 * The jump address (DECISIONS): mints a launch code and enters `/long?code=…`, keeping the landing
 * query string (utm_source, utm_medium, video_type, video_id). Plain HTML so it loads instantly.
 */
export function renderJumpPage(): string {
  return `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>Loading…</title>
<style>
  html,body{margin:0;height:100%;background:#0f0f14;color:#e8e8ee;font:16px -apple-system,system-ui,sans-serif}
  main{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px}
  .spinner{width:36px;height:36px;border:3px solid #333;border-top-color:#ff4d6d;border-radius:50%;animation:spin 0.8s linear infinite}
  @keyframes spin{to{transform:rotate(360deg)}}
  button{display:none;background:#ff4d6d;color:#fff;border:0;border-radius:20px;padding:10px 28px;font-size:16px}
</style>
</head>
<body>
<main>
  <div class="spinner" id="spinner"></div>
  <button id="retry" type="button">Retry / 重试</button>
</main>
<script>
(function () {
  var keep = ['utm_source', 'utm_medium', 'video_type', 'video_id'];
  function enter() {
    document.getElementById('retry').style.display = 'none';
    document.getElementById('spinner').style.display = 'block';
    fetch('/v1/launch', { method: 'POST' })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        var code = body && body.response && body.response.code;
        if (!code) throw new Error('no code');
        var from = new URLSearchParams(location.search);
        var to = new URLSearchParams();
        to.set('code', code);
        keep.forEach(function (name) { var value = from.get(name); if (value) to.set(name, value); });
        location.replace('/long?' + to.toString());
      })
      .catch(function () {
        document.getElementById('spinner').style.display = 'none';
        document.getElementById('retry').style.display = 'block';
      });
  }
  document.getElementById('retry').addEventListener('click', enter);
  enter();
})();
</script>
</body>
</html>`;
}
