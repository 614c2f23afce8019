import crypto from 'node:crypto';
import { escapeMarkup } from '../../platform/markup.ts';

/**
 * The address a home-screen icon opens: the long home with the console's launch parameters
 * (`pwa.launch`, 启动参数, e.g. `utm_source=ios&utm_medium=home`, so launches from the home screen
 * are told apart) and the launch code, which a parameter of the same name cannot replace.
 */
export function homeScreenUrl(origin: string, code: string, launch: string): string {
  const query = new URLSearchParams(launch.trim().replace(/^\?/, ''));
  query.delete('code');
  query.set('code', code);
  return `${origin}/long?${query}`;
}

export interface WebClipProfile {
  /** The home-screen address, carrying the launch code so the standalone app finds its account. */
  url: string;
  label: string;
  organization: string;
  identifier: string;
  icon?: Buffer;
}

/**
 * An iOS configuration profile with one Web Clip payload (DECISIONS: install): full screen, the
 * URL with the launch code, the icon and the label.
 */
export function webClipProfile(profile: WebClipProfile): string {
  const clipUuid = crypto.randomUUID().toUpperCase();
  const profileUuid = crypto.randomUUID().toUpperCase();
  const icon = profile.icon
    ? `\n      <key>Icon</key>\n      <data>${profile.icon.toString('base64')}</data>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>FullScreen</key>
      <true/>${icon}
      <key>IgnoreManifestScope</key>
      <true/>
      <key>IsRemovable</key>
      <true/>
      <key>Label</key>
      <string>${escapeMarkup(profile.label)}</string>
      <key>PayloadDisplayName</key>
      <string>${escapeMarkup(profile.label)}</string>
      <key>PayloadIdentifier</key>
      <string>${escapeMarkup(profile.identifier)}.webclip.${clipUuid}</string>
      <key>PayloadType</key>
      <string>com.apple.webClip.managed</string>
      <key>PayloadUUID</key>
      <string>${clipUuid}</string>
      <key>PayloadVersion</key>
      <integer>1</integer>
      <key>Precomposed</key>
      <true/>
      <key>URL</key>
      <string>${escapeMarkup(profile.url)}</string>
    </dict>
  </array>
  <key>PayloadDisplayName</key>
  <string>${escapeMarkup(profile.label)}</string>
  <key>PayloadIdentifier</key>
  <string>${escapeMarkup(profile.identifier)}</string>
  <key>PayloadOrganization</key>
  <string>${escapeMarkup(profile.organization)}</string>
  <key>PayloadRemovalDisallowed</key>
  <false/>
  <key>PayloadType</key>
  <string>Configuration</string>
  <key>PayloadUUID</key>
  <string>${profileUuid}</string>
  <key>PayloadVersion</key>
  <integer>1</integer>
</dict>
</plist>
`;
}
