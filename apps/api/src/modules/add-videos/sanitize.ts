import sanitizeHtml from 'sanitize-html';

/**
 * Keeps the markup the rich-text editor makes (paragraphs, headings, emphasis, lists, links, quotes) and
 * drops everything else, scripts and event handlers included: descriptions are shown as HTML to members.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'code',
      'pre',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  }).trim();
  // An editor left empty still says <p></p>: that is no description.
  return clean.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : clean;
}
