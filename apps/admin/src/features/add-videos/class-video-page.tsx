import { ApiError } from '@dance/api-client';
import { CONTENT_MESSAGES } from '@dance/domain';
import { toast } from '@dance/ui';
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { scrollToTop } from '../../components/scroll-to-top';
import { VideoForm } from './video-form';

/** /AdminDashboard/AddClassVideos: every field of spec 3 §2; Save returns to All Videos. */
export function ClassVideoPage() {
  const navigate = useNavigate();
  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          Add class video
        </Title>
        <Text c="dimmed" mt={4}>
          Class videos get the CLASSES tag; with a release date ahead they also show as “coming soon” until
          12:00 AM New York time on that date.
        </Text>
      </div>
      <VideoForm
        kind="class"
        shouldResetAfterSave={false}
        onSaved={() => {
          toast.success(CONTENT_MESSAGES.addVideoSuccess);
          navigate('/AdminDashboard/AllVideos');
          scrollToTop();
        }}
        onFailed={(error) => {
          // Field errors show beside their fields; the banner text says the save failed.
          toast.failure(
            error instanceof ApiError && error.status === 0 ? error.message : CONTENT_MESSAGES.addVideoError,
            error instanceof ApiError && error.status !== 0 && !error.problem?.fields ? error : undefined,
          );
        }}
      />
    </Stack>
  );
}
