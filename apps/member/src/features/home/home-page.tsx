import { PageLoader } from '@dance/ui';
import { Container } from '@mantine/core';
import { useViewer } from '../auth/use-viewer';
import { WelcomeBanner } from './welcome-banner';

/** Home (spec 1 §2): the welcome banner; the catalogue rows join it with the library. */
export function HomePage() {
  const { user, isLoading } = useViewer();
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      {isLoading ? <PageLoader /> : <WelcomeBanner user={user} />}
    </Container>
  );
}
