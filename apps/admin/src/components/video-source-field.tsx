import { MEDIA_STATE_TEXTS, PLAYER_MESSAGES } from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Alert,
  Button,
  FileInput,
  Group,
  LoadingOverlay,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { putFile, useCreateDirectUpload, useImportAsset, useUploadStatus } from './video-upload-queries';

export interface VideoSource {
  videoLink: string;
  playbackId: string;
  durationSeconds: number;
  title?: string;
  thumbnailUrl?: string | null;
}

/**
 * A video for the wizard: upload a file (a direct upload created from the title, then processing polled
 * every 4 s under the "Processing video…" overlay), or import an existing asset by its id.
 */
export function VideoSourceField({
  label,
  title,
  value,
  onChange,
  onSendingChange,
  error,
}: {
  label: string;
  /** Told while the file is being sent (leaving then stops the upload: the page asks first). */
  onSendingChange?: (isSending: boolean) => void;
  /** The direct upload is created from it; upload buttons need it (spec 3 §5). */
  title: string;
  value: VideoSource | null;
  onChange: (source: VideoSource | null) => void;
  error?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [assetId, setAssetId] = useState('');
  const [importError, setImportError] = useState<string | null>(null);
  const createUpload = useCreateDirectUpload();
  const importAsset = useImportAsset();
  const status = useUploadStatus(uploadId);
  const state = status.data;
  const handled = useRef<string | null>(null);
  // Leaving the page stops a transfer under way (the wizard asked first: "Stop the upload?").
  const transfer = useRef<AbortController | null>(null);
  useEffect(() => () => transfer.current?.abort(), []);

  useEffect(() => {
    if (!state || handled.current === state.uploadId) return;
    if (state.status === 'ready' || state.status === 'errored') handled.current = state.uploadId;
    // Playable (decision 0057): the lowest rendition plays, so the admin may go on; the status is still
    // polled until ready and shown beside the video.
    if ((state.status === 'ready' || state.status === 'playable') && state.videoLink && state.playbackId) {
      if (value?.videoLink !== state.videoLink)
        onChange({
          videoLink: state.videoLink,
          playbackId: state.playbackId,
          durationSeconds: state.durationSeconds ?? 0,
        });
      if (state.status === 'ready') {
        setUploadId(null);
        setSent(null);
      }
    } else if (state.status === 'errored') {
      toast.failure(PLAYER_MESSAGES.uploadFailedTryAgain, state.error ?? undefined);
      setUploadId(null);
      setSent(null);
    }
  }, [state, onChange, value?.videoLink]);

  async function upload() {
    if (!file || !title.trim()) return;
    try {
      const created = await createUpload.mutateAsync(title.trim());
      setSent(0);
      transfer.current = new AbortController();
      await putFile(created.url, file, setSent, transfer.current.signal);
      setUploadId(created.uploadId);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setSent(null);
      toast.failure(PLAYER_MESSAGES.uploadFailed, e);
    }
  }

  async function importById() {
    setImportError(null);
    try {
      const asset = await importAsset.mutateAsync(assetId.trim());
      onChange({
        videoLink: asset.videoLink,
        playbackId: asset.playbackId,
        durationSeconds: asset.durationSeconds,
        title: asset.title,
        thumbnailUrl: asset.thumbnailUrl,
      });
    } catch {
      setImportError(PLAYER_MESSAGES.muxAssetFailed);
    }
  }

  const isPlayable = uploadId !== null && state?.status === 'playable';
  const isProcessing = uploadId !== null && !isPlayable;
  const isSending = sent !== null && uploadId === null;
  useEffect(() => {
    onSendingChange?.(isSending);
  }, [isSending, onSendingChange]);

  return (
    <Stack gap="xs" pos="relative">
      <LoadingOverlay
        visible={isProcessing}
        zIndex={5}
        overlayProps={{ blur: 1 }}
        loaderProps={{
          children: (
            <Stack align="center" gap={6} w={260}>
              <Text fw={600}>{PLAYER_MESSAGES.processingVideo}</Text>
              <Progress value={state?.progress ?? 0} w="100%" aria-label="Processing progress" />
            </Stack>
          ),
        }}
      />
      <Text fw={600} fz="sm">
        {label}
      </Text>
      {value ? (
        <Group gap="sm">
          <Alert
            color={isPlayable ? 'blue' : 'green'}
            py={6}
            style={{ flex: 1 }}
            data-testid="video-ready"
            data-state={isPlayable ? 'playable' : 'ready'}
          >
            {isPlayable ? MEDIA_STATE_TEXTS.playable : 'Video ready'} ·{' '}
            {Math.floor(value.durationSeconds / 60)}:{String(value.durationSeconds % 60).padStart(2, '0')} ·{' '}
            {value.videoLink}
            {isPlayable && (
              <Progress
                mt={6}
                size="sm"
                value={state?.progress ?? 0}
                aria-label={MEDIA_STATE_TEXTS.playable}
              />
            )}
          </Alert>
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setUploadId(null);
              setSent(null);
              onChange(null);
            }}
          >
            Replace
          </Button>
        </Group>
      ) : (
        <>
          <Group align="flex-end" gap="sm">
            <FileInput
              label="Video file"
              placeholder="Choose a video"
              accept="video/*"
              value={file}
              onChange={setFile}
              clearable
              style={{ flex: 1 }}
              disabled={isSending || isProcessing}
            />
            <Button
              onClick={upload}
              disabled={!file || !title.trim() || isProcessing}
              loading={isSending || createUpload.isPending}
            >
              Upload
            </Button>
          </Group>
          {isSending && <Progress value={sent ?? 0} aria-label="Upload progress" />}
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Or import by Mux asset ID"
              placeholder="Asset ID"
              value={assetId}
              onChange={(e) => setAssetId(e.currentTarget.value)}
              error={importError}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              onClick={importById}
              disabled={!assetId.trim()}
              loading={importAsset.isPending}
            >
              Fetch
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
