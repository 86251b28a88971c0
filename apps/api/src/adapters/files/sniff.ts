import { fileTypeFromBuffer } from 'file-type';

export type ImageType = 'image/gif' | 'image/jpeg' | 'image/png' | 'image/svg+xml';
const EXTENSIONS: Record<ImageType, string> = {
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
};

/**
 * The real type of an uploaded image, read from its bytes, never from its name or declared type.
 * SVG is text, so it is recognised by its root element.
 */
export async function sniffImage(body: Buffer): Promise<{ type: ImageType; extension: string } | null> {
  const detected = await fileTypeFromBuffer(body);
  if (detected && detected.mime in EXTENSIONS) {
    const type = detected.mime as ImageType;
    return { type, extension: EXTENSIONS[type] };
  }
  if (!detected) {
    const head = body
      .subarray(0, 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
      return { type: 'image/svg+xml', extension: 'svg' };
    }
  }
  return null;
}

/**
 * Removes what can run inside an SVG: script and foreignObject elements, event-handler attributes and
 * javascript: or external references. Files are also served with a CSP that forbids scripts.
 */
export function sanitizeSvg(svg: string): string {
  return svg
    .replace(/<script[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script[^>]*\/>/gi, '')
    .replace(/<foreignObject[\s\S]*?<\/foreignObject\s*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|xlink:href)\s*=\s*("|')\s*(javascript:|data:text\/html|https?:)[^"']*\2/gi, '')
    .replace(/<!ENTITY[^>]*>/gi, '');
}
