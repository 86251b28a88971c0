import { ApiError } from '@dance/api-client';
import { MESSAGES } from '@dance/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { readServerMessage } from '../../shared/server-message';

/**
 * The answer to a sign-up with an email whose owner was not proven (decision 0018): it says neither that an
 * account exists nor what kind, and offers the two ways on: log in, or reset the password.
 */
export function AccountMayExistMessage({ error }: { error: unknown }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{readServerMessage(error, MESSAGES.accountMayExist)}</Text>
      <Text size="sm">
        {/* The alert's own colour, underlined: the brand colour on the alert's tint is under 4.5:1. */}
        <Anchor component={Link} to="/login" fw={700} size="sm" c="inherit" underline="always">
          Log in
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/forgot" fw={700} size="sm" c="inherit" underline="always">
          Reset your password
        </Anchor>
      </Text>
    </Stack>
  );
}

/** The conversion dialog's text: the spec's warning, plus the subscription notice when the server sends one. */
export function conversionMessage(error: unknown, body: string): string {
  const notice = error instanceof ApiError ? error.problem?.details?.subscriptionNotice : undefined;
  return typeof notice === 'string' && notice ? `${body} ${notice}` : body;
}
