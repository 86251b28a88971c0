/** Strips tags from rich text, so markup does not match searches. */
const stripHtml = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * The text a video is searched by: title, descriptions, instructor, tag names and keywords, lower-cased and
 * with the title first (trigram similarity weighs what it matches).
 */
export function buildSearchText(v: {
  title: string;
  description: string;
  shortDescription: string;
  instructorName: string | null;
  tagNames: string[];
  keywords: string[];
}): string {
  return [
    v.title,
    v.instructorName ?? '',
    v.tagNames.join(' '),
    v.keywords.join(' '),
    v.shortDescription,
    stripHtml(v.description),
  ]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
