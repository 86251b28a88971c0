import { policy } from '@dance/domain';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
import { Link } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { VideoListSection } from '../../shared/videos/video-list-section';

/** What a member without a plan sees on /classes (spec 1 §6: an empty user type locks CLASSES). */
function ClassesLocked() {
  return (
    <Paper withBorder radius="xl" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt="xl" ta="center">
      <Stack align="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="stage">
          <IconLock size={36} aria-label="Locked" />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Classes are locked
        </Title>
        <Text c="dimmed" maw={460}>
          Full-length classes (flexibility, strength and technique) come with a plan. Choose a plan to unlock
          every class and keep training with the whole library.
        </Text>
        <Button component={Link} to="/plans" size="md">
          See plans
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /classes (spec 1 §2, spec 2 §2 "Classes list"): guests are sent to /SignUp by the route gate; members
 * without a user type (and not admin) see the lock; others get the filter (in a modal), the sort and the
 * grid of class cards.
 */
export function ClassesPage() {
  const { user } = useViewer();
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      {policy.canOpenClasses(user) ? (
        <VideoListSection title="Classes" titleOrder={1} source={{ kind: 'class' }} filterIn="modal" />
      ) : (
        <ClassesLocked />
      )}
    </Container>
  );
}
