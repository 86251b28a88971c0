import { ApiError } from '@dance/api-client';
import { PLAYER_MESSAGES, TRC_MESSAGES, type TTrcDetail } from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import IconBook2 from '@tabler/icons-react/dist/esm/icons/IconBook2.mjs';
import IconThumbDown from '@tabler/icons-react/dist/esm/icons/IconThumbDown.mjs';
import IconThumbDownFilled from '@tabler/icons-react/dist/esm/icons/IconThumbDownFilled.mjs';
import IconThumbUp from '@tabler/icons-react/dist/esm/icons/IconThumbUp.mjs';
import IconThumbUpFilled from '@tabler/icons-react/dist/esm/icons/IconThumbUpFilled.mjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PlayerBox } from '../../shared/video-player/player-box';
import { usePlayerPreferences, useSavePreferences } from '../../shared/video-player/player-preferences';
import { VideoPlayer } from '../../shared/video-player/video-player';
import classes from './content-page.module.css';
import { ContentSections } from './content-sections';
import { preloadFirstPage, warmUpPdfJs } from './pdf/load-pdf';
import { usePdfDocument } from './pdf/use-pdf-document';
import { useTrcDetail, useTrcDocument, useTrcPlayback, useTrcReaction } from './queries';
import { categoryLabel, describeSize, TrcThumbnail } from './trc-card';
import { categoryOfSegment, tagPath } from './trc-paths';
import { TagDot } from './trc-tag-badge';
import { useToastOnError } from './use-toast-on-error';

const PdfViewer = lazy(() => import('./pdf/pdf-viewer').then((m) => ({ default: m.PdfViewer })));

function TrcVideo({ detail }: { detail: TTrcDetail }) {
  const playback = useTrcPlayback(detail.id, true);
  const preferences = usePlayerPreferences();
  const savePreferences = useSavePreferences();
  const prefs = preferences.data ?? { isMirrored: false, playbackRate: 1 };
  const error = playback.error instanceof ApiError ? playback.error : null;

  if (playback.isPending || error?.code === 'MEDIA_NOT_READY') {
    return (
      <VideoPlayer
        key={detail.id}
        stream={null}
        chapters={[]}
        startAt={null}
        isMirrored={prefs.isMirrored}
        playbackRate={prefs.playbackRate}
        onPreferencesChange={(next) => savePreferences.mutate(next)}
        title={detail.title}
      />
    );
  }
  if (playback.isError || !playback.data) {
    return (
      <PlayerBox>
        <Text role="alert" ta="center">
          {TRC_MESSAGES.videoPreviewFailed}
        </Text>
      </PlayerBox>
    );
  }
  return (
    <VideoPlayer
      key={detail.id}
      stream={playback.data.source}
      chapters={[]}
      startAt={null}
      isMirrored={prefs.isMirrored}
      playbackRate={prefs.playbackRate}
      onPreferencesChange={(next) => savePreferences.mutate(next)}
      onExpired={() => void playback.refetch()}
      title={detail.title}
    />
  );
}

/**
 * The PDF preview card (spec 2 §2): its label, page count and 'Read Lesson Plan' or 'View Resource', which
 * opens the viewer. The signed URL is asked for with the page, so the viewer opens at once.
 */
function TrcPdf({ detail }: { detail: TTrcDetail }) {
  const [isOpen, setIsOpen] = useState(false);
  const document = useTrcDocument(detail.id, true);
  // pdf.js, its worker and the document load while the member reads the card: the viewer opens on a drawn page.
  useEffect(() => {
    void warmUpPdfJs().catch(() => {});
    void import('./pdf/pdf-viewer').catch(() => {});
  }, []);
  const firstPageUrl = document.data?.firstPageUrl ?? null;
  useEffect(() => {
    if (firstPageUrl) void preloadFirstPage(firstPageUrl);
  }, [firstPageUrl]);
  const pdf = usePdfDocument(document.data?.url ?? null);
  const hasFailed = document.isError || pdf.status === 'error';
  useToastOnError(hasFailed, TRC_MESSAGES.pdfPreviewFailed);
  const isLessonPlan = detail.category === 'lesson-plans';
  const pages = document.data?.pages ?? detail.pages ?? 0;
  return (
    <div className={classes.previewCard} data-testid="trc-pdf-card">
      <TrcThumbnail src={detail.thumbnailUrl} fileType="pdf" isPriority />
      <Stack gap="sm">
        <Text fz={11} fw={700} lts={1.5} c="dimmed">
          {categoryLabel(detail.category)}
        </Text>
        <Group gap="xs">
          <IconBook2 size={20} aria-hidden />
          <Text fw={700} data-testid="trc-pages">
            {pages === 1 ? '1 page' : `${pages} pages`}
          </Text>
        </Group>
        <Group gap="sm">
          <Button size="md" onClick={() => setIsOpen(true)} disabled={hasFailed}>
            {isLessonPlan ? TRC_MESSAGES.readLessonPlan : TRC_MESSAGES.viewResource}
          </Button>
          {document.data?.downloadUrl && (
            <Button component="a" href={document.data.downloadUrl} download variant="default" size="md">
              Download PDF
            </Button>
          )}
        </Group>
        {hasFailed && (
          <Text c="red" fz="sm" role="alert">
            {TRC_MESSAGES.pdfPreviewFailed}
          </Text>
        )}
      </Stack>
      {isOpen && (
        <Suspense fallback={null}>
          <PdfViewer
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
            title={detail.title}
            pdf={pdf}
            firstPageUrl={firstPageUrl}
            pageCount={pages}
            downloadUrl={document.data?.downloadUrl ?? null}
            hasFailed={hasFailed}
          />
        </Suspense>
      )}
    </div>
  );
}

function Reactions({ detail }: { detail: TTrcDetail }) {
  const setReaction = useTrcReaction(detail.id);
  function react(reaction: 'like' | 'dislike') {
    // Same reaction again clears it; the other one switches (spec 2 §4).
    const next = detail.reaction === reaction ? null : reaction;
    setReaction.mutate(next, { onError: () => toast.error(PLAYER_MESSAGES.reactionFailed) });
  }
  return (
    <Group gap="xs">
      <Button
        variant={detail.reaction === 'like' ? 'filled' : 'default'}
        leftSection={detail.reaction === 'like' ? <IconThumbUpFilled size={18} /> : <IconThumbUp size={18} />}
        onClick={() => react('like')}
        loading={setReaction.isPending && setReaction.variables !== 'dislike'}
        aria-pressed={detail.reaction === 'like'}
      >
        <VisuallyHidden>Like</VisuallyHidden> {detail.likeCount}
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
      >
        <VisuallyHidden>Dislike</VisuallyHidden> {detail.dislikeCount}
      </Button>
    </Group>
  );
}

/**
 * /trc/lesson-plans/:id, /trc/videos/:id, /trc/resources/:id (spec 2 §2): the player (the library player's
 * practice tools) or the PDF preview and viewer, then title, tags, page count, likes and the sections.
 */
export function TrcContentPage() {
  const { id = '' } = useParams();
  const detail = useTrcDetail(id);
  // Lesson plans are PDFs: their signed URL and pdf.js are asked for with the details, not after them.
  const isLessonPlan = categoryOfSegment(useLocation().pathname.split('/')[2]) === 'lesson-plans';
  useTrcDocument(id, isLessonPlan && id !== '');
  useEffect(() => {
    if (isLessonPlan) void warmUpPdfJs().catch(() => {});
  }, [isLessonPlan]);
  const error = detail.error instanceof ApiError ? detail.error : null;
  useToastOnError(detail.isError && error?.code !== 'NOT_FOUND', TRC_MESSAGES.fetchContentFailed);

  if (detail.isPending) {
    return (
      <Container size="lg" py="md">
        <Stack gap="md" aria-busy="true" aria-label="Loading">
          <Skeleton radius="md" style={{ aspectRatio: '16 / 9' }} />
          <Skeleton h={32} w="60%" />
        </Stack>
      </Container>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red" variant="light" role="alert" title={TRC_MESSAGES.somethingWentWrong}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {error?.code === 'NOT_FOUND' ? 'This item is not available.' : TRC_MESSAGES.fetchContentFailed}
            </Text>
            <Button component={Link} to="/trc" variant="default" size="compact-sm">
              Back to the Teacher Resource Center
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const data = detail.data;
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        {data.fileType === 'video' ? <TrcVideo detail={data} /> : <TrcPdf detail={data} />}
        <Stack gap={8}>
          <Text fz={11} fw={700} lts={1.5} c="dimmed">
            {categoryLabel(data.category)}
          </Text>
          <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="trc-title">
            {data.title}
          </Title>
          <Group gap="sm" wrap="wrap">
            <Text c="dimmed" fw={600}>
              {describeSize(data)}
            </Text>
            {data.instructor && (
              <Text c="dimmed" fw={600}>
                · {data.instructor.name}
              </Text>
            )}
          </Group>
          {data.tags.length > 0 && (
            <Group gap={6} wrap="wrap" role="group" aria-label="Tags">
              {data.tags.map((tag) => (
                <Badge
                  key={tag.id}
                  component={Link}
                  to={tagPath(tag.id)}
                  variant="default"
                  size="lg"
                  radius="sm"
                  leftSection={<TagDot color={tag.color} />}
                  style={{ cursor: 'pointer' }}
                >
                  {tag.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Reactions detail={data} />
        <Box>
          <ContentSections detail={data} />
        </Box>
      </Stack>
    </Container>
  );
}
