import { MESSAGES, type TConfirmEmailAnswer } from '@dance/domain';
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { readServerMessage } from '../../shared/server-message';
import { useConfirmEmail } from './queries';

type Outcome = { kind: 'done'; answer: TConfirmEmailAnswer } | { kind: 'failed'; message: string };

/**
 * The link mailed to a new address, /confirm-email/{userId}/{token} (issue 13 finding 9): applies the change
 * of email once, then shows the outcome. Open to guests, since the link may be opened in any browser; a
 * logged-in member of that account stays signed in and sees the new email at once.
 */
export function ConfirmEmailPage() {
  const { userId = '', token = '' } = useParams();
  const { user, isLoading } = useViewer();
  const confirm = useConfirmEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once the session is known (its CSRF token goes along), and once only: the link is single-use.
    if (isLoading || started.current) return;
    started.current = true;
    confirm
      .mutateAsync({ userId, token })
      .then((answer) => setOutcome({ kind: 'done', answer }))
      .catch((error: unknown) =>
        setOutcome({ kind: 'failed', message: readServerMessage(error, MESSAGES.somethingsWentWrong) }),
      );
  }, [isLoading, userId, token, confirm]);

  const isSignedIn = user !== null && (outcome?.kind !== 'done' || outcome.answer.sessionKept);
  const next = isSignedIn ? { to: '/account', label: 'Go to my account' } : { to: '/login', label: 'Log in' };

  return (
    <Container size="xs" py={{ base: 'xl', sm: 60 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="confirm-email-card">
        {outcome === null ? (
          <Stack align="center" gap="md" role="status">
            <Loader />
            <Text>Confirming your new email…</Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} fz={28}>
              {outcome.kind === 'done' ? 'Email changed' : 'Email not changed'}
            </Title>
            {outcome.kind === 'done' ? (
              <>
                <Text role="status">{outcome.answer.message}</Text>
                <Text>
                  Your email is now <strong data-testid="confirmed-email">{outcome.answer.email}</strong>.
                </Text>
              </>
            ) : (
              <Text role="alert" data-testid="confirm-email-error">
                {outcome.message}
              </Text>
            )}
            <Button
              component={Link}
              to={next.to}
              radius="xl"
              style={{ alignSelf: 'flex-start' }}
              data-testid="confirm-email-next"
            >
              {next.label}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
