import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and keeps numbers', () => {
    expect(
      toCsv(
        ['Title', 'Likes'],
        [
          ['Salsa, basics', 3],
          ['The "Tango"', 0],
          ['Two\nlines', null],
        ],
      ),
    ).toBe('Title,Likes\r\n"Salsa, basics",3\r\n"The ""Tango""",0\r\n"Two\nlines",');
  });

  it('never lets a spreadsheet run a title as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
  });
});
