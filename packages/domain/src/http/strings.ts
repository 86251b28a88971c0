import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * The string helpers every request contract uses (issue 13, finding 6). A NUL reached PostgreSQL, which refuses
 * it (500); other control characters and lone UTF-16 surrogates (which the database stores as U+FFFD) are never
 * meant in a form field either. Single-line text refuses every control character (C0, DEL, C1) and lone
 * surrogates (whitespace at either end, which .trim() removes, is fine); multi-line text allows tab, line feed
 * and carriage return. The check runs first and aborts, so the
 * field's message says what to fix.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a character no single-line field accepts (control character or lone surrogate). */
export function hasForbiddenCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) || LONE_SURROGATE.test(value);
}

// Line breaks and tabs at either end are what a paste leaves behind; the `.trim()` chained after removes them.
const singleLine = (value: string) => !hasForbiddenCharacters(value.trim());
const multiLine = (value: string) => !hasForbiddenCharacters(value, { multiline: true });

/**
 * The checks of this module, by identity: the contract test walks every request schema and fails on a string
 * that has neither (a plain z.string() slipped back in).
 */
export const TEXT_CHECKS: ReadonlySet<(value: string) => boolean> = new Set([singleLine, multiLine]);

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field: no control characters, no lone surrogates. Chain .trim(), .min(), .max() as usual. */
export const text = (params?: StringParams) =>
  z.string(params).refine(singleLine, { error: MESSAGES.controlCharacters, abort: true });

/** A multi-line text field (descriptions, messages): as `text`, but tab and line breaks are allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine(multiLine, { error: MESSAGES.controlCharacters, abort: true });

/** A search box or lookup query: optional, trimmed, single-line, at most `max` characters. */
export const searchText = (max = 100) =>
  text().trim().max(max, `Search is at most ${max} characters`).optional();

/** A URL given in a request (z.url() alone keeps a NUL in the path). */
export const urlText = (params?: Parameters<typeof z.url>[0]) =>
  z.url(params).refine(singleLine, { error: MESSAGES.controlCharacters, abort: true });
