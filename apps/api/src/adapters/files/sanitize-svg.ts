import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Animation can rewrite any attribute after sanitising (href to javascript:): none is kept. */
const ANIMATION = ['animate', 'animatecolor', 'animatemotion', 'animatetransform', 'set', 'discard'];
/** References may point inside the file only; raster images may also be inline data. */
const RASTER_DATA_URL = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/**
 * CSS inside an SVG (style element or attribute) is kept only when it cannot fetch or run anything:
 * no escapes (they hide keywords), no @import, no expression()/behavior/binding, no javascript: anywhere,
 * and url() only to a fragment of the same file (#gradient).
 */
function cleanCss(css: string): string | null {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  if (
    /\\|@import|image-set\s*\(|expression\s*\(|behavio(u)?r\s*:|-moz-binding|javascript:|vbscript:/i.test(
      text,
    )
  )
    return null;
  const cleaned = text.replace(/url\(\s*(['"]?)(?!\s*#)[^)]*\1\s*\)/gi, 'none');
  // Whatever url() the pattern could not read (a parenthesis inside quotes…) drops the whole style.
  return /url\(\s*['"]?\s*(?!#)/i.test(cleaned) ? null : cleaned;
}

/** A URL as browsers read it: spaces and control characters inside a scheme are skipped. */
const withoutControls = (value: string) =>
  Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join('');

let purifier: { purify: DOMPurify; window: JSDOM['window'] } | null = null;

function getPurifier() {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name === 'href' || name === 'xlink:href') {
      const isImage = node.nodeName.toLowerCase() === 'image';
      data.keepAttr = value.startsWith('#') || (isImage && RASTER_DATA_URL.test(value));
    } else if (name === 'style') {
      const css = cleanCss(data.attrValue);
      if (css === null) data.keepAttr = false;
      else data.attrValue = css;
    } else if (/^(javascript|vbscript|data):/i.test(withoutControls(value))) {
      data.keepAttr = false;
    } else if (/url\s*\(/i.test(value)) {
      // Presentation attributes (fill, filter, mask, clip-path…) may point only inside the file.
      const css = cleanCss(value);
      if (css === null || css !== value) data.keepAttr = false;
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent !== null) {
      const css = cleanCss(node.textContent);
      node.textContent = css ?? '';
    }
  });
  purifier = { purify, window };
  return purifier;
}

/**
 * Cleans an uploaded SVG with DOMPurify (SVG profile) on a jsdom document: the markup is parsed, never
 * matched with patterns, so split tags, mixed case, CDATA and entities cannot smuggle anything through.
 * Removes scripts, foreignObject, event handlers, animation, external or javascript:/data: references and
 * CSS that can fetch or run. Answers well-formed SVG (XML), or null when no SVG root is left.
 * Files are also served with `Content-Security-Policy: sandbox` and `nosniff` (defence in depth).
 */
export function sanitizeSvg(svg: string): string | null {
  const { purify, window } = getPurifier();
  const fragment = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: [...ANIMATION, 'foreignobject', 'script', 'iframe', 'embed', 'object'],
    FORBID_ATTR: ['xml:base'],
    RETURN_DOM_FRAGMENT: true,
  });
  const roots = Array.from(fragment.childNodes).filter((n) => n.nodeType === window.Node.ELEMENT_NODE);
  const root = roots[0] as Element | undefined;
  if (roots.length !== 1 || !root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  return new window.XMLSerializer().serializeToString(root);
}
