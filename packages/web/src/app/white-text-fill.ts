/**
 * A fill colour that white text reads on at 4.5:1 (WCAG AA): the colour itself when it is dark
 * enough, else the same hue made darker step by step. For fills the server chooses (a plan's tag
 * colour): the operator's colour is kept as near as the contrast allows. Anything but `#rgb` /
 * `#rrggbb` is returned as it is.
 */
export function whiteTextFill(color: string): string {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return color;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  let rgb = [0, 2, 4].map((index) => parseInt(hex.slice(index, index + 2), 16));
  // White's contrast is 1.05 / (L + 0.05): at least 4.5 while the luminance L is at most 0.1833.
  while (luminance(rgb) > 0.1833) rgb = rgb.map((channel) => Math.floor(channel * 0.96));
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
