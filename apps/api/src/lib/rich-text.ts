import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for rich text shown as HTML to members (video descriptions now, the TRC "about" next):
 * what the admin editor (tiptap StarterKit) emits, plus b/i from pasted text. Anything else — scripts,
 * handlers, styles, images, frames, forms — is dropped; text inside a dropped tag is kept.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'hr',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  // A code block's language (```js in the editor) is the only class kept.
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    // The page owns h1, and the editor's markdown shortcuts can make h1-h6: keep them as headings in range.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link opens in a new tab and passes no opener or referrer, whatever the input said.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** Rich text reduced to the safe allow-list; an editor left empty (only `<p></p>`) is no text at all. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
  return clean.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : clean;
}
