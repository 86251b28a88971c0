import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;
const TRAILING = /[.,;:!?)\]'"]+$/;

/**
 * A comment's plain text with its links clickable (spec: no HTML is ever stored or rendered). Line breaks stay.
 */
export function CommentText({ content }: { content: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    if (start > last) parts.push(content.slice(last, start));
    parts.push(
      <Anchor key={start} href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
        {url}
      </Anchor>,
    );
    last = start + url.length;
  }
  if (last < content.length) parts.push(content.slice(last));
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </Text>
  );
}
