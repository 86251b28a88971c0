import type { TTag } from '@dance/domain';
import { Badge } from '@mantine/core';

/** The tag's colour as a dot beside its name. */
export function TagDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: color }}
    />
  );
}

/**
 * A tag as a neutral badge with a dot of the tag's colour: the text keeps full contrast whatever colour the
 * team picked for the tag.
 */
export function TrcTagBadge({ tag }: { tag: TTag }) {
  return (
    <Badge variant="default" radius="sm" size="sm" leftSection={<TagDot color={tag.color} />}>
      {tag.name}
    </Badge>
  );
}
