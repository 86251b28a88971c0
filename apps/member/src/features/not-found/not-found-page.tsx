import { NotFoundView } from '@dance/ui';
import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** Every path the app does not serve. */
export function NotFoundPage() {
  return (
    <NotFoundView
      action={
        <Button component={Link} to="/" size="md" mt="md">
          Back to home
        </Button>
      }
    />
  );
}
