import { ADD_VIDEO_BANNER_MS, CONTENT_MESSAGES } from '@dance/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { VideoForm } from './video-form';

type Banner = 'success' | 'error' | null;

/** /AdminDashboard/Check: "Add Videos from vimeo". Fetch by id fills the form; saving resets it. */
export function VimeoAddPage() {
  const [banner, setBanner] = useState<Banner>(null);

  // The success and error banners clear after 20 seconds (spec 3 §4).
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ADD_VIDEO_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return (
    <Stack maw={1040} mx="auto" gap="lg">
      <div>
        <Title order={1} size="h2">
          {CONTENT_MESSAGES.addVideosFromVimeo}
        </Title>
        <Text c="dimmed" mt={4}>
          Enter the Vimeo video id and press Fetch: the title, description, thumbnail, duration and link fill
          in.
        </Text>
      </div>
      {banner === 'success' && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck />}
          role="status"
          withCloseButton
          onClose={() => setBanner(null)}
        >
          {CONTENT_MESSAGES.addVideoSuccess}
        </Alert>
      )}
      {banner === 'error' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          withCloseButton
          onClose={() => setBanner(null)}
        >
          {CONTENT_MESSAGES.addVideoError}
        </Alert>
      )}
      <VideoForm
        kind="library"
        shouldResetAfterSave
        onSaved={() => {
          setBanner('success');
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        onFailed={() => {
          setBanner('error');
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </Stack>
  );
}
