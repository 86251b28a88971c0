import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const FORMAT_TEXT: Record<string, string> = {
  email: 'Enter a valid email address.',
  url: 'Enter a full web address, starting with https://.',
  datetime: 'Enter a valid date and time.',
  date: 'Enter a valid date.',
  time: 'Enter a valid time.',
};

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

/**
 * Plain words for the validation messages zod would otherwise write for developers ("Invalid input: expected
 * string, received undefined"): what is wrong and what to do (issue 22 item 8). A message a schema gives itself
 * still wins; an issue not listed here keeps zod's own text.
 */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return 'Enter a number.';
      if (issue.expected === 'boolean') return 'Choose yes or no.';
      if (issue.expected === 'date') return 'Enter a valid date.';
      return 'This value is not valid. Check it and try again.';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'This field is required.'
          : `Use at least ${plural(issue.minimum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${issue.minimum}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `Enter ${issue.minimum} or more.` : `Enter more than ${issue.minimum}.`;
      if (issue.origin === 'date') return 'Choose a later date.';
      return undefined;
    case 'too_big':
      if (issue.origin === 'string')
        return `Use at most ${plural(issue.maximum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `Enter ${issue.maximum} or less.` : `Enter less than ${issue.maximum}.`;
      if (issue.origin === 'date') return 'Choose an earlier date.';
      if (issue.origin === 'file') return 'The file is too large. Choose a smaller one.';
      return undefined;
    case 'invalid_format':
      if (issue.format in FORMAT_TEXT) return FORMAT_TEXT[issue.format];
      if (['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid'].includes(issue.format))
        return 'This item could not be found. Reload the page and try again.';
      return 'This value is not in the right format. Check it and try again.';
    case 'invalid_value': {
      const values = issue.values.filter((v: unknown) => typeof v === 'string' || typeof v === 'number');
      return values.length > 0 && values.length <= 6
        ? `Choose one of: ${values.join(', ')}.`
        : 'Choose one of the offered options.';
    }
    case 'unrecognized_keys':
      return 'The form sent something unexpected. Reload the page and try again.';
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'This value is not valid. Check it and try again.';
    default:
      return undefined;
  }
}

/**
 * A check that speaks plainly without the process-wide setting: the browser apps validate their forms with it, so
 * their first page does not load zod only to configure it (the member's first-page JavaScript budget, issue 2).
 * Same precedence as the global setting: a message the schema gives itself still wins.
 */
export function safeParsePlainly<T extends z.ZodType>(schema: T, value: unknown) {
  return schema.safeParse(value, { error: plainIssueMessage });
}

/** Makes every zod schema of this process speak plainly; call once at start-up (the package has no side effects). */
export function installPlainValidationMessages() {
  z.config({ customError: plainIssueMessage });
}
