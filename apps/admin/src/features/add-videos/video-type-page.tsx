import { CONTENT_MESSAGES, VIDEO_TYPES } from '@dance/domain';
import { Alert, Button, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';

/** The admin video-type chooser (spec 3 §2): Classes or Library, then the matching add screen. */
export function VideoTypePage() {
  const navigate = useNavigate();
  const [type, setType] = useState<string | null>(null);
  const [isMissing, setIsMissing] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = VIDEO_TYPES.find((t) => t.value === type);
    if (!chosen) {
      setIsMissing(true);
      return;
    }
    navigate(chosen.path);
  }

  return (
    <Stack maw={560} mx="auto" mt={{ base: 0, sm: 'xl' }} gap="lg">
      <div>
        <Title order={1} size="h2">
          Add video
        </Title>
        <Text c="dimmed" mt={4}>
          Choose what you are adding: a class (with trailer, shown under CLASSES) or a library video imported
          from Vimeo.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg" component="form" onSubmit={handleSubmit} noValidate>
        <Stack>
          {isMissing && (
            <Alert color="red" variant="light" role="alert">
              {CONTENT_MESSAGES.selectVideoType}
            </Alert>
          )}
          <Select
            label="Video type"
            placeholder="Select a video type"
            data={VIDEO_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            value={type}
            onChange={(v) => {
              setType(v);
              setIsMissing(false);
            }}
            allowDeselect={false}
          />
          <Button
            type="submit"
            disabled={!type}
            rightSection={<IconArrowRight size={16} />}
            w={{ base: '100%', sm: 'auto' }}
          >
            Submit
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
