const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** Poses of a stylised dancer (head, torso and limbs as strokes), so thumbnails differ in shape too. */
const POSES = [
  'M0 -60 L0 20 M0 -40 L-50 -80 M0 -40 L55 -70 M0 20 L-35 90 M0 20 L60 60',
  'M0 -60 L0 20 M0 -40 L-60 -40 M0 -40 L60 -40 M0 20 L0 95 M0 20 L70 0',
  'M0 -60 L0 20 M0 -40 L-20 -100 M0 -40 L20 -100 M0 20 L-25 95 M0 20 L25 95',
  'M0 -60 L10 20 M0 -40 L-55 -20 M0 -40 L40 -95 M10 20 L-60 60 M10 20 L40 95',
  'M0 -60 L0 20 M0 -40 L-45 -95 M0 -40 L60 -20 M0 20 L-70 40 M0 20 L20 95',
];

/**
 * A 1280x720 SVG thumbnail: a gradient of the video's own hue, a dancer pose, the category and the title,
 * so every demo video is recognisable at a glance.
 */
export function renderThumbnail(opts: {
  title: string;
  category: string;
  instructor: string;
  index: number;
}): string {
  const hue = (opts.index * 47) % 360;
  const hue2 = (hue + 40) % 360;
  const pose = POSES[opts.index % POSES.length]!;
  const lines = wrap(opts.title, 22);
  const title = lines
    .map(
      (l, i) =>
        `<text x="80" y="${420 + i * 78 - (lines.length - 1) * 39}" font-size="68" font-weight="800" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720" role="img" aria-label="${escapeXml(opts.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 38%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 18%)"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="${980 + (opts.index % 3) * 30}" cy="330" r="230" fill="hsl(${hue} 80% 70%)" opacity="0.18"/>
<g transform="translate(${1000 + (opts.index % 3) * 30} 360) scale(2.2)" stroke="#fff" stroke-width="9" stroke-linecap="round" fill="none" opacity="0.92"><circle cx="0" cy="-80" r="16" fill="#fff" stroke="none"/><path d="${pose}"/></g>
<text x="80" y="150" font-size="30" font-weight="700" letter-spacing="6" fill="hsl(${hue} 90% 85%)" font-family="Montserrat, Inter, sans-serif">${escapeXml(opts.category.toUpperCase())}</text>
<g font-family="Montserrat, Inter, sans-serif">${title}</g>
<text x="80" y="640" font-size="30" fill="#fff" opacity="0.85" font-family="Inter, sans-serif">with ${escapeXml(opts.instructor)}</text>
</svg>`;
}

/** A wide banner for the home page. */
export function renderBanner(title: string, subtitle: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 600" width="1920" height="600" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#272784"/><stop offset="0.55" stop-color="#a72865"/><stop offset="1" stop-color="#ee4f96"/></linearGradient></defs>
<rect width="1920" height="600" fill="url(#b)"/>
${[0, 1, 2, 3, 4].map((i) => `<g transform="translate(${1150 + i * 150} ${330 + (i % 2) * 30}) scale(${1.6 - i * 0.1})" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none" opacity="${0.9 - i * 0.12}"><circle cx="0" cy="-80" r="15" fill="#fff" stroke="none"/><path d="${POSES[i]}"/></g>`).join('')}
<text x="110" y="270" font-size="84" font-weight="800" fill="#fff" font-family="Montserrat, Inter, sans-serif">${escapeXml(title)}</text>
<text x="110" y="350" font-size="38" fill="#fff" opacity="0.9" font-family="Inter, sans-serif">${escapeXml(subtitle)}</text>
</svg>`;
}
