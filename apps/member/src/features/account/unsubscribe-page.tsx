import { MESSAGES, NOTIFICATION_KIND_LABELS, UNSUBSCRIBE_MESSAGES } from '@dance/domain';
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { readServerMessage } from '../../shared/server-message';
import { useUnsubscribeMail } from './queries';

type Outcome = { kind: 'done'; message: string; label: string } | { kind: 'failed'; message: string };

/**
 * The unsubscribe link of a mail, /unsubscribe?token=… (decision 0038): turns that kind of mail off at once,
 * without a login (the signed token authorises), and says so. Open to guests; the page only turns mail off.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useViewer();
  const unsubscribe = useUnsubscribeMail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    if (!token) {
      setOutcome({ kind: 'failed', message: UNSUBSCRIBE_MESSAGES.invalid });
      return;
    }
    unsubscribe
      .mutateAsync(token)
      .then((answer) =>
        setOutcome({ kind: 'done', message: answer.message, label: NOTIFICATION_KIND_LABELS[answer.kind] }),
      )
      .catch((error: unknown) =>
        setOutcome({ kind: 'failed', message: readServerMessage(error, MESSAGES.somethingWentWrong) }),
      );
  }, [isLoading, token, unsubscribe]);

  const next = user ? { to: '/account', label: 'Choose my emails' } : { to: '/login', label: 'Log in' };

  return (
    <Container size="xs" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="unsubscribe-card">
        {outcome === null ? (
          <Stack align="center" gap="md" role="status">
            <Loader />
            <Text>Unsubscribing…</Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} fz={28}>
              {outcome.kind === 'done' ? 'Unsubscribed' : 'Not unsubscribed'}
            </Title>
            <Text role={outcome.kind === 'done' ? 'status' : 'alert'} data-testid="unsubscribe-message">
              {outcome.message}
            </Text>
            {outcome.kind === 'done' && (
              <Text size="sm" c="dimmed">
                You can turn “{outcome.label}” emails back on from your account page at any time.
              </Text>
            )}
            <Button component={Link} to={next.to} radius="xl" style={{ alignSelf: 'flex-start' }}>
              {next.label}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
