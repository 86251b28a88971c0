import { useSetSaved } from '@dance/api-client';
import { type ContentType, PLAYER_MESSAGES, type TStream, type TVideoDetail } from '@dance/domain';
import { responsiveImageProps, toast } from '@dance/ui';
import { Anchor, Button, Card, Group, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import IconBookmark from '@tabler/icons-react/dist/esm/icons/IconBookmark.mjs';
import IconBookmarkFilled from '@tabler/icons-react/dist/esm/icons/IconBookmarkFilled.mjs';
import IconBrandFacebook from '@tabler/icons-react/dist/esm/icons/IconBrandFacebook.mjs';
import IconBrandInstagram from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs';
import IconBrandLinkedin from '@tabler/icons-react/dist/esm/icons/IconBrandLinkedin.mjs';
import IconBrandX from '@tabler/icons-react/dist/esm/icons/IconBrandX.mjs';
import IconMovie from '@tabler/icons-react/dist/esm/icons/IconMovie.mjs';
import IconThumbDown from '@tabler/icons-react/dist/esm/icons/IconThumbDown.mjs';
import IconThumbDownFilled from '@tabler/icons-react/dist/esm/icons/IconThumbDownFilled.mjs';
import IconThumbUp from '@tabler/icons-react/dist/esm/icons/IconThumbUp.mjs';
import IconThumbUpFilled from '@tabler/icons-react/dist/esm/icons/IconThumbUpFilled.mjs';
import IconWorld from '@tabler/icons-react/dist/esm/icons/IconWorld.mjs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AddToPlaylistAction } from '../../shared/add-to-playlist/add-to-playlist-action';
import { InstructorAvatar } from '../../shared/instructor-avatar';
import { VideoPlayer } from '../../shared/video-player/video-player';
import classes from './player-page.module.css';
import { useSetReaction, videoDetailKey } from './queries';
import { RecommendationSlider } from './recommendation-slider';
import { TagLinks } from './tag-links';

const SOCIAL_ICONS: Record<string, typeof IconWorld> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
};

/** Collapsed text with More / Show Less, shown only when the text actually overflows. */
export function CollapsibleText({
  html,
  lines,
  testId,
}: {
  html?: string;
  text?: string;
  lines: number;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  // Measured by the ResizeObserver only: its first callback comes after the browser's own layout, before
  // paint, so the text never forces a synchronous layout of the whole page while the player starts.
  useEffect(() => {
    const element = ref.current;
    if (!element || isOpen) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [isOpen, html]);
  return (
    <div>
      <div
        ref={ref}
        className={classes.collapsible}
        style={isOpen ? undefined : { WebkitLineClamp: lines }}
        data-open={isOpen || undefined}
        data-testid={testId}
        dangerouslySetInnerHTML={{ __html: html ?? '' }}
      />
      {(overflows || isOpen) && (
        <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => setIsOpen((o) => !o)}>
          {isOpen ? PLAYER_MESSAGES.showLess : PLAYER_MESSAGES.more}
        </Anchor>
      )}
    </div>
  );
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Everything under the player: title, instructor, tags, reactions, save, trailer, description, products. */
export function PlayerDetails({
  detail,
  type,
  playlistId,
  trailer,
  isMediaDeferred = false,
}: {
  detail: TVideoDetail;
  type: ContentType;
  playlistId: string | null;
  trailer: TStream | null;
  /**
   * The video is starting: images and recommendations wait until it has its first frame, so they do not
   * compete with its first segments for connections and server time (their boxes keep their size).
   */
  isMediaDeferred?: boolean;
}) {
  const queryClient = useQueryClient();
  const setReaction = useSetReaction(detail.id);
  const setSaved = useSetSaved();
  const [isTrailerOpen, setIsTrailerOpen] = useState(false);

  function react(reaction: 'like' | 'dislike') {
    // Same reaction again clears it; the other one switches (spec 2 §4).
    const next = detail.reaction === reaction ? null : reaction;
    setReaction.mutate(next, { onError: () => toast.error(PLAYER_MESSAGES.reactionFailed) });
  }

  function toggleSaved() {
    const isSaved = !detail.isSaved;
    setSaved.mutate(
      { videoId: detail.id, isSaved },
      {
        onSuccess: () => {
          queryClient.setQueryData<TVideoDetail>(videoDetailKey(detail.id), (old) =>
            old ? { ...old, isSaved } : old,
          );
          toast.success(isSaved ? PLAYER_MESSAGES.saved : PLAYER_MESSAGES.unsaved);
        },
        onError: () => toast.error(PLAYER_MESSAGES.wishlistFailed),
      },
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="video-title">
          {detail.title}
        </Title>
        {detail.instructor && (
          <Text c="dimmed" fw={600}>
            {detail.instructor.name}
          </Text>
        )}
        <TagLinks tags={detail.tags} />
      </Stack>

      <Group gap="xs" wrap="wrap">
        <Button
          variant={detail.reaction === 'like' ? 'filled' : 'default'}
          color="pink"
          leftSection={
            detail.reaction === 'like' ? <IconThumbUpFilled size={18} /> : <IconThumbUp size={18} />
          }
          onClick={() => react('like')}
          loading={setReaction.isPending && setReaction.variables !== 'dislike'}
          aria-pressed={detail.reaction === 'like'}
          aria-label={`Like ${detail.likeCount}`}
        >
          {detail.likeCount}
        </Button>
        <Button
          variant={detail.reaction === 'dislike' ? 'filled' : 'default'}
          color="dark"
          leftSection={
            detail.reaction === 'dislike' ? <IconThumbDownFilled size={18} /> : <IconThumbDown size={18} />
          }
          onClick={() => react('dislike')}
          loading={setReaction.isPending && setReaction.variables === 'dislike'}
          aria-pressed={detail.reaction === 'dislike'}
          aria-label={`Dislike ${detail.dislikeCount}`}
        >
          {detail.dislikeCount}
        </Button>
        <Button
          variant="default"
          leftSection={detail.isSaved ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />}
          onClick={toggleSaved}
          loading={setSaved.isPending}
          aria-pressed={detail.isSaved}
        >
          {detail.isSaved ? 'Saved' : 'Save'}
        </Button>
        <AddToPlaylistAction videoId={detail.id} videoTitle={detail.title} />
        {detail.hasTrailer && trailer && (
          <Button
            variant="default"
            leftSection={<IconMovie size={18} />}
            onClick={() => setIsTrailerOpen(true)}
          >
            {PLAYER_MESSAGES.watchTrailer}
          </Button>
        )}
      </Group>

      <Modal
        opened={isTrailerOpen}
        onClose={() => setIsTrailerOpen(false)}
        title={`${detail.title}: trailer`}
        size="xl"
        centered
      >
        {trailer && isTrailerOpen && (
          <VideoPlayer
            stream={trailer}
            chapters={[]}
            startAt={null}
            isMirrored={false}
            playbackRate={1}
            onPreferencesChange={() => {}}
            autoPlay
            title={`${detail.title} trailer`}
          />
        )}
      </Modal>

      {detail.description && (
        <CollapsibleText html={detail.description} lines={3} testId="video-description" />
      )}

      {detail.instructor && (
        <Card withBorder radius="md" padding="md">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <InstructorAvatar url={isMediaDeferred ? null : detail.instructor.imageUrl} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700}>{detail.instructor.name}</Text>
              {detail.instructor.bio && (
                <CollapsibleText
                  html={`<p>${escapeHtml(detail.instructor.bio)}</p>`}
                  lines={2}
                  testId="instructor-bio"
                />
              )}
              {detail.instructor.socials.length > 0 && (
                <Group gap={6}>
                  {detail.instructor.socials.map((s) => {
                    const Icon = SOCIAL_ICONS[s.platform] ?? IconWorld;
                    return (
                      <UnstyledButton
                        key={s.url}
                        component="a"
                        href={s.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`${detail.instructor!.name} on ${s.platform}`}
                        className={classes.social}
                      >
                        <Icon size={18} />
                      </UnstyledButton>
                    );
                  })}
                </Group>
              )}
            </Stack>
          </Group>
        </Card>
      )}

      {detail.products.length > 0 && (
        <section aria-labelledby="products-heading">
          <Title order={2} fz="lg" mb="sm" id="products-heading">
            Products in this video
          </Title>
          <ul className={classes.products}>
            {detail.products.map((p) => (
              <li key={p.id} className={classes.product}>
                {p.imageUrl && (
                  <img
                    {...(isMediaDeferred ? {} : responsiveImageProps(p.imageUrl, '200px'))}
                    alt=""
                    width={200}
                    height={200}
                    loading="lazy"
                  />
                )}
                <Text fz="sm" fw={600} lineClamp={2}>
                  {p.title}
                </Text>
                {p.subname && (
                  <Text fz="xs" c="dimmed" lineClamp={1}>
                    {p.subname}
                  </Text>
                )}
                <Button
                  component="a"
                  href={p.buyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="compact-sm"
                  color="pink"
                  mt={4}
                >
                  Buy
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <RecommendationSlider
        videoId={detail.id}
        type={type}
        playlistId={playlistId}
        isDeferred={isMediaDeferred}
      />
    </Stack>
  );
}
