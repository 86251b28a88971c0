import { safeParsePlainly } from '@dance/domain';
import type { z } from 'zod';

/**
 * Runs a zod schema over form values and answers Mantine-form errors keyed by field, first message
 * wins: the same schema the server validates with, so the messages are the spec's (or plain words).
 */
export function zodFormErrors<T>(schema: z.ZodType<T>, values: unknown): Record<string, string> {
  const result = safeParsePlainly(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
