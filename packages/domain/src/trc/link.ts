/**
 * The access form's "Instagram or website" rule (spec 2 §5): a URL (optional scheme, optional www, a domain
 * with a top-level domain, optional path) or an Instagram handle of 1-30 letters, digits, dots or underscores
 * with an optional leading @. A handle is stored as its Instagram profile URL; a bare domain gets https://.
 */
const URL_PATTERN =
  /^(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
const HANDLE_PATTERN = /^@?[A-Za-z0-9._]{1,30}$/;

export const TRC_LINK_MAX = 300;

/** The link as stored, or null when the text is neither a URL nor a handle. */
export function normalizeTrcLink(input: string): string | null {
  const value = input.trim();
  if (!value || value.length > TRC_LINK_MAX) return null;
  // A leading @ is always a handle; otherwise a URL wins (a handle has no top-level domain to speak of).
  if (!value.startsWith('@') && URL_PATTERN.test(value)) {
    return /^https?:\/\//i.test(value) ? value : `https://${value}`;
  }
  if (HANDLE_PATTERN.test(value)) return `https://www.instagram.com/${value.replace(/^@/, '')}/`;
  return null;
}

/** Whether the text passes the rule (the form's check). */
export const isValidTrcLink = (input: string) => normalizeTrcLink(input) !== null;
