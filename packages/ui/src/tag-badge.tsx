import { Badge, type BadgeProps } from '@mantine/core';

/** A tag's colour as a dot beside its name (decorative: the name carries the meaning). */
export function TagDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: color,
        flexShrink: 0,
      }}
    />
  );
}

/**
 * A tag as a neutral badge with a dot of the tag's colour (issue 22 item 15): the text keeps full contrast in
 * light and dark mode whatever colour the team picked for the tag, where a badge filled or tinted with that
 * colour failed WCAG AA for many picks.
 */
export function TagBadge({ name, color, ...badgeProps }: { name: string; color: string } & BadgeProps) {
  return (
    <Badge
      variant="default"
      radius="sm"
      size="sm"
      tt="none"
      leftSection={<TagDot color={color} />}
      {...badgeProps}
    >
      {name}
    </Badge>
  );
}
