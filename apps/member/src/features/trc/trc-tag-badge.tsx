import type { TTag } from '@dance/domain';
import { TagBadge } from '@dance/ui';

export { TagDot } from '@dance/ui';

/**
 * A tag as a neutral badge with a dot of the tag's colour: the text keeps full contrast whatever colour the
 * team picked for the tag.
 */
export function TrcTagBadge({ tag }: { tag: TTag }) {
  return <TagBadge name={tag.name} color={tag.color} />;
}
