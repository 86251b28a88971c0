import type { TVideoDetail } from '@dance/domain';
import { TagDot } from '@dance/ui';
import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';

/** Tags link to the library filtered by the tag (spec 2 §2). */
export function TagLinks({ tags }: { tags: TVideoDetail['tags'] }) {
  return (
    <Group gap={6} wrap="wrap">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          component={Link}
          to={`/AllVideos?tag=${encodeURIComponent(tag.id)}`}
          variant="default"
          radius="sm"
          tt="none"
          leftSection={<TagDot color={tag.color} />}
          style={{ cursor: 'pointer' }}
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}
