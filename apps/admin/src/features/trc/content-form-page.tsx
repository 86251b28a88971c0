import { ApiError, useSession } from '@dance/api-client';
import {
  CONTENT_MESSAGES,
  LEVELS,
  TRC_CATEGORIES,
  TRC_MAX_PDF_BYTES,
  TRC_MESSAGES,
  type TrcCategoryId,
  type TrcFileType,
  type TTrcAdminContent,
  type TTrcContentInput,
  todayInNewYork,
  ZTrcContentInput,
} from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Alert,
  Button,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ChipItem } from '../../components/chip-list';
import { FormActions, FormPageFrame } from '../../components/form-page-frame';
import { ImagePicker } from '../../components/image-picker';
import { LookupPicker } from '../../components/lookup-picker';
import { useInstructors, useProductSuggestions, useTagSuggestions } from '../../components/lookup-queries';
import { RichTextInput } from '../../components/rich-text-input';
import { uploadImage } from '../../components/upload-image';
import { type VideoSource, VideoSourceField } from '../../components/video-source-field';
import { uploadPdf, usePdfFromUrl, useSaveTrcContent, useTrcContent, useTrcContentOptions } from './queries';

const LIST_PATH = '/AdminDashboard/TRC-content';

type Errors = Partial<Record<string, string>>;

interface PdfState {
  documentId: string;
  name: string;
  pages: number;
}

const useTags = (q: string) => {
  const r = useTagSuggestions(q);
  return { data: r.data?.items.map((t) => ({ id: t.id, label: t.name })), isFetching: r.isFetching };
};
const useProducts = (q: string) => {
  const r = useProductSuggestions(q);
  return { data: r.data?.items.map((p) => ({ id: p.id, label: p.title })), isFetching: r.isFetching };
};

function TrcContentForm({ content }: { content: TTrcAdminContent | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveTrcContent();
  const fromUrl = usePdfFromUrl();
  const instructors = useInstructors();
  const options = useTrcContentOptions();
  const allTags = useTagSuggestions('');
  const allProducts = useProductSuggestions('');
  const today = todayInNewYork();

  const [title, setTitle] = useState(content?.title ?? '');
  const [about, setAbout] = useState(content?.about ?? '');
  const [fileType, setFileType] = useState<TrcFileType | null>(content?.fileType ?? null);
  const [video, setVideo] = useState<VideoSource | null>(
    content?.videoAssetId
      ? { videoLink: content.videoAssetId, playbackId: '', durationSeconds: content.durationSeconds ?? 0 }
      : null,
  );
  const [duration, setDuration] = useState<number | ''>(content?.durationSeconds ?? '');
  const [pdf, setPdf] = useState<PdfState | null>(
    content?.documentId
      ? {
          documentId: content.documentId,
          name: content.documentName ?? 'document.pdf',
          pages: content.pages ?? 0,
        }
      : null,
  );
  const [pdfUrl, setPdfUrl] = useState('');
  const [pdfFile, setPdfFile] = useState<File | null>(null);
  const [isUploadingPdf, setIsUploadingPdf] = useState(false);
  const [allowDownload, setAllowDownload] = useState(content?.allowDownload ?? false);
  const [thumbFile, setThumbFile] = useState<File | null>(null);
  const [releaseDate, setReleaseDate] = useState(content?.releaseDate ?? today);
  const [categories, setCategories] = useState<string[]>(content?.categories ?? []);
  const [related, setRelated] = useState<string[]>(content?.relatedIds ?? []);
  const [levels, setLevels] = useState<string[]>(content?.levels ?? []);
  const [instructorId, setInstructorId] = useState<string | null>(content?.instructorId ?? null);
  const [tagChips, setTagChips] = useState<ChipItem[] | null>(content ? null : []);
  const [productChips, setProductChips] = useState<ChipItem[] | null>(content ? null : []);
  const [errors, setErrors] = useState<Errors>({});
  const [isSaving, setIsSaving] = useState(false);

  // On edit, the chips get their names once the lookups answer.
  const tags =
    tagChips ??
    (content?.tagIds ?? []).map((id) => ({
      id,
      label: allTags.data?.items.find((t) => t.id === id)?.name ?? '…',
    }));
  const products =
    productChips ??
    (content?.productIds ?? []).map((id) => ({
      id,
      label: allProducts.data?.items.find((p) => p.id === id)?.title ?? '…',
    }));

  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));

  function switchType(next: TrcFileType) {
    // Switching the file type clears the other type's fields (spec 3 §4).
    setFileType(next);
    clearError('fileType');
    if (next === 'video') {
      setPdf(null);
      setPdfUrl('');
      setPdfFile(null);
      setAllowDownload(false);
    } else {
      setVideo(null);
      setDuration('');
    }
  }

  async function handlePdfFile(file: File | null) {
    setPdfFile(file);
    clearError('documentId');
    if (!file) return;
    if (file.size > TRC_MAX_PDF_BYTES) {
      setErrors((e) => ({ ...e, documentId: TRC_MESSAGES.fileTooLarge }));
      return;
    }
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) return;
    setIsUploadingPdf(true);
    try {
      const uploaded = await uploadPdf(file, csrfToken);
      setPdf({ documentId: uploaded.documentId, name: uploaded.name, pages: uploaded.pages });
    } catch (error) {
      setPdf(null);
      setErrors((e) => ({
        ...e,
        documentId: error instanceof ApiError ? error.message : TRC_MESSAGES.uploadFailed,
      }));
    } finally {
      setIsUploadingPdf(false);
    }
  }

  async function handlePdfUrl() {
    clearError('documentId');
    try {
      const fetched = await fromUrl.mutateAsync(pdfUrl.trim());
      setPdf({ documentId: fetched.documentId, name: fetched.name, pages: fetched.pages });
    } catch (error) {
      // The pages are cleared with the failed fetch.
      setPdf(null);
      const message =
        error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE'
          ? TRC_MESSAGES.fileTooLarge
          : TRC_MESSAGES.pdfFetchFailed;
      toast.error(message);
      setErrors((e) => ({ ...e, documentId: message }));
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body: TTrcContentInput = {
      title: title.trim(),
      about,
      fileType: fileType as TrcFileType,
      videoAssetId: video?.videoLink ?? null,
      durationSeconds: duration === '' ? null : Number(duration),
      documentId: pdf?.documentId ?? null,
      pages: pdf?.pages ?? null,
      allowDownload,
      thumbnailUrl: content?.thumbnailUrl ?? null,
      tagIds: tags.map((t) => t.id),
      productIds: products.map((p) => p.id),
      instructorId,
      categories: categories as TrcCategoryId[],
      relatedIds: related,
      levels: levels as TTrcContentInput['levels'],
      releaseDate,
    };
    const next: Errors = {};
    const parsed = ZTrcContentInput.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        next[field] ??= issue.message;
      }
    if (releaseDate && releaseDate < today && releaseDate !== content?.releaseDate)
      next.releaseDate = TRC_MESSAGES.releaseDateInPast;
    setErrors(next);
    if (Object.keys(next).length) return;
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) {
      setErrors({ form: CONTENT_MESSAGES.pleaseLoginFirst });
      return;
    }
    setIsSaving(true);
    try {
      if (thumbFile) body.thumbnailUrl = await uploadImage(thumbFile, 'thumbnail', csrfToken);
      await save.mutateAsync({ id: content?.id, body });
      toast.success(content ? TRC_MESSAGES.contentUpdated : TRC_MESSAGES.contentAdded);
      navigate(LIST_PATH);
    } catch (error) {
      const failed = content ? TRC_MESSAGES.updateFailed : TRC_MESSAGES.createFailed;
      toast.error(failed);
      const fields = error instanceof ApiError ? error.problem?.fields : undefined;
      setErrors({
        ...(fields ?? {}),
        form: error instanceof ApiError && error.message ? `${failed}: ${error.message}` : failed,
      });
    } finally {
      setIsSaving(false);
    }
  }

  const relatedOptions = (options.data?.items ?? [])
    .filter((o) => o.id !== content?.id)
    .map((o) => ({ value: o.id, label: `${o.title} (${o.fileType === 'pdf' ? 'PDF' : 'Video'})` }));

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="form"
      onSubmit={handleSubmit}
      noValidate
    >
      <Stack gap="md">
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput
          label="Title"
          withAsterisk
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clearError('title');
          }}
          error={errors.title}
          maxLength={200}
        />
        <RichTextInput
          label="About"
          value={about}
          onChange={(html) => {
            setAbout(html);
            clearError('about');
          }}
          error={errors.about}
        />
        <Radio.Group
          label="File type"
          withAsterisk
          value={fileType}
          onChange={(v) => switchType(v as TrcFileType)}
          error={errors.fileType}
        >
          <Group mt={6}>
            <Radio value="video" label="Video" />
            <Radio value="pdf" label="PDF" />
          </Group>
        </Radio.Group>

        {fileType === 'video' && (
          <Stack gap="sm">
            <VideoSourceField
              label="Video"
              title={title}
              value={video}
              onChange={(source) => {
                setVideo(source);
                clearError('videoAssetId');
                // The duration of the processed video, floored (spec 3 §4).
                if (source) setDuration(Math.floor(source.durationSeconds));
              }}
              error={errors.videoAssetId}
            />
            {!title.trim() && !video && (
              <Text size="sm">Enter the title first: the upload is created from it.</Text>
            )}
            <NumberInput
              label="Duration (in seconds)"
              value={duration}
              onChange={(v) => {
                setDuration(typeof v === 'number' ? Math.floor(v) : '');
                clearError('durationSeconds');
              }}
              min={1}
              allowDecimal={false}
              error={errors.durationSeconds}
              w={{ base: '100%', sm: 260 }}
            />
          </Stack>
        )}

        {fileType === 'pdf' && (
          <Stack gap="sm">
            {pdf ? (
              <Group gap="sm">
                <Alert
                  color="green"
                  py={6}
                  style={{ flex: 1 }}
                  icon={<IconFileTypePdf />}
                  data-testid="pdf-ready"
                >
                  {pdf.name} · {pdf.pages} pages
                </Alert>
                <Button
                  variant="subtle"
                  color="gray"
                  onClick={() => {
                    setPdf(null);
                    setPdfFile(null);
                  }}
                >
                  Replace
                </Button>
              </Group>
            ) : (
              <>
                <FileInput
                  label="Upload a PDF"
                  description="At most 50 MB"
                  placeholder="Choose a PDF"
                  accept="application/pdf"
                  value={pdfFile}
                  onChange={handlePdfFile}
                  disabled={isUploadingPdf}
                  clearable
                />
                <Group align="flex-end" gap="sm">
                  <TextInput
                    label="Or paste a PDF URL"
                    placeholder="https://…/lesson-plan.pdf"
                    value={pdfUrl}
                    onChange={(e) => setPdfUrl(e.currentTarget.value)}
                    style={{ flex: 1 }}
                  />
                  <Button
                    variant="default"
                    onClick={handlePdfUrl}
                    disabled={!pdfUrl.trim()}
                    loading={fromUrl.isPending}
                  >
                    Fetch
                  </Button>
                </Group>
              </>
            )}
            {(errors.documentId || errors.pages) && (
              <Text c="red" fz="sm" role="alert">
                {errors.documentId ?? errors.pages}
              </Text>
            )}
            <NumberInput
              label="Pages"
              description="Read from the PDF itself"
              value={pdf?.pages ?? ''}
              readOnly
              w={{ base: '100%', sm: 260 }}
            />
            <Switch
              label="Allow download"
              description="Members with access see a download button for this PDF"
              checked={allowDownload}
              onChange={(e) => setAllowDownload(e.currentTarget.checked)}
            />
          </Stack>
        )}

        <ImagePicker
          label="Thumbnail"
          isRequired={false}
          currentUrl={content?.thumbnailUrl ?? null}
          file={thumbFile}
          onFileChange={setThumbFile}
          error={errors.thumbnailUrl}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Category"
            placeholder="Choose categories"
            withAsterisk
            data={TRC_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
            value={categories}
            onChange={(v) => {
              setCategories(v);
              clearError('categories');
            }}
            error={errors.categories}
          />
          <TextInput
            type="date"
            label="Release date"
            withAsterisk
            min={today}
            value={releaseDate}
            onChange={(e) => {
              setReleaseDate(e.currentTarget.value);
              clearError('releaseDate');
            }}
            error={errors.releaseDate}
            description="Members see it from 12:00 AM New York time on this day"
          />
          <Select
            label="Instructor"
            placeholder="Choose an instructor"
            data={(instructors.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={instructorId}
            onChange={setInstructorId}
            clearable
            searchable
          />
          <MultiSelect label="Levels" data={[...LEVELS]} value={levels} onChange={setLevels} clearable />
          <LookupPicker
            label="Tags"
            placeholder="Search tags"
            value={tags}
            onChange={setTagChips}
            useSuggestions={useTags}
          />
          <LookupPicker
            label="Products"
            placeholder="Search products"
            value={products}
            onChange={setProductChips}
            useSuggestions={useProducts}
          />
        </SimpleGrid>
        <MultiSelect
          label="Related content"
          placeholder="Pick related items"
          data={relatedOptions}
          value={related}
          onChange={setRelated}
          searchable
          clearable
          error={errors.relatedIds}
        />
        <FormActions
          cancelTo={LIST_PATH}
          isSaving={isSaving || isUploadingPdf}
          submitLabel={content ? 'Save changes' : 'Add content'}
        />
      </Stack>
    </Paper>
  );
}

/** /AdminDashboard/TRC-add and /AdminDashboard/TRC-edit/:id: the TRC content form (spec 3 §5). */
export function TrcContentFormPage() {
  const { id } = useParams();
  const content = useTrcContent(id);
  const isEdit = Boolean(id);
  return (
    <FormPageFrame
      backTo={LIST_PATH}
      backLabel="TRC content"
      title={isEdit ? 'Edit TRC content' : 'Add TRC content'}
      maxWidth={860}
      isEdit={isEdit}
      record={content}
      loadFailedMessage={TRC_MESSAGES.fetchContentFailed}
    >
      {(record) => <TrcContentForm key={record?.id ?? 'new'} content={record} />}
    </FormPageFrame>
  );
}
