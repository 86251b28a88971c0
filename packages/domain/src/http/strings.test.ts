import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { hasForbiddenCharacters, multilineText, searchText, text, urlText } from './strings';

describe('text fields', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['tab', 'a\tb'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', 'a\udc00b'],
    ['high surrogate at the end', 'ab\ud83d'],
  ])('single-line text refuses %s with a clear message', (_name, value) => {
    const result = text().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.controlCharacters);
  });

  it('keeps letters of every script, emoji (surrogate pairs) and symbols', () => {
    for (const value of ['Zoë Ñúñez', '舞蹈 课', 'Тан-ец', '💃🏽 salsa', 'a & b <c> "d" \'e\'', '']) {
      expect(text().parse(value)).toBe(value);
    }
  });

  it('single-line text takes a pasted line break or tab at either end, which .trim() then removes', () => {
    expect(text().trim().parse('\tAna Lopez\r\n')).toBe('Ana Lopez');
    expect(text().trim().safeParse('Ana\nLopez\n').success).toBe(false);
    expect(text().trim().safeParse('Ana\u0000\n').success).toBe(false);
  });

  it('multi-line text allows tab and line breaks but no other control character', () => {
    expect(multilineText().parse('one\r\ntwo\n\tthree')).toBe('one\r\ntwo\n\tthree');
    expect(multilineText().safeParse('one\u0000two').success).toBe(false);
    expect(multilineText().safeParse('one\u000btwo').success).toBe(false);
    expect(multilineText().safeParse('x\udfffy').success).toBe(false);
  });

  it('chains like z.string(): the control check runs first and stops there', () => {
    const name = text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(5, 'Too long');
    expect(name.parse('  Ana ')).toBe('Ana');
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Name is required');
    const issues = name.safeParse('\u0000\u0000\u0000\u0000\u0000\u0000').error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([MESSAGES.controlCharacters]);
  });

  it('search text is optional, trimmed and bounded', () => {
    expect(searchText().parse(undefined)).toBeUndefined();
    expect(searchText().parse(' tap ')).toBe('tap');
    expect(searchText(3).safeParse('long').success).toBe(false);
    expect(searchText().safeParse('a\u0000').success).toBe(false);
  });

  it('URLs refuse a control character that z.url() alone accepts', () => {
    expect(urlText().parse('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(urlText().safeParse('https://example.com/a\u0000b').success).toBe(false);
  });

  it('hasForbiddenCharacters tells single-line from multi-line', () => {
    expect(hasForbiddenCharacters('a\nb')).toBe(true);
    expect(hasForbiddenCharacters('a\nb', { multiline: true })).toBe(false);
  });
});
