// Browser tests need Debian's Chromium (and CJK fonts to render the app's Chinese text); the edge and
// cluster tests need Debian's nginx (deploy/nginx/ is run as shipped).
// As root this installs them when missing; otherwise it says how.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!fs.existsSync(CJK_FONT_DIR)) missing.push('fonts-noto-cjk');
if (!fs.existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx')) missing.push('nginx');

if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The tests need: ${missing.join(' ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`installing ${missing.join(' ')} from Debian's packages…`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}
