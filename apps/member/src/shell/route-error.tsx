import { FIRST_PAGE_MESSAGES } from '@dance/domain';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** Shown when a page fails to render or its code fails to load (for example after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <Stack align="center" py={96} px="md" gap="sm" ta="center">
      <Title order={1} fz={28}>
        {FIRST_PAGE_MESSAGES.somethingWentWrong}
      </Title>
      <Text c="dimmed">Please reload the page. If it keeps happening, contact our support team.</Text>
      <Button mt="md" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

/**
 * Catches what a page throws while rendering and shows the error page instead of a blank screen;
 * going to another address (a new `resetKey`) tries again.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.hasError ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
