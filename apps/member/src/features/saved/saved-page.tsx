import { MESSAGES } from '@dance/domain';
import { EmptyState } from '@dance/ui';
import { Button, Container } from '@mantine/core';
import { Link } from 'react-router';
import { VideoListSection } from '../../shared/videos/video-list-section';

/** /saved (spec 1 §2, §8): the member's saved videos with filters, sort and pages of 15. */
export function SavedPage() {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <VideoListSection
        title="Saved videos"
        titleOrder={1}
        source={{ kind: 'saved' }}
        emptyWithoutFilters={
          <EmptyState message={MESSAGES.savedEmpty}>
            <Button component={Link} to="/AllVideos" variant="light">
              Browse the library
            </Button>
          </EmptyState>
        }
      />
    </Container>
  );
}
