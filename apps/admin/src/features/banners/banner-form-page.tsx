import { ApiError, useSession } from '@dance/api-client';
import { CONTENT_MESSAGES, PAST_START_CONFIRM, type TAdminBanner, todayInNewYork } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import { Alert, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormActions, FormPageFrame } from '../../components/form-page-frame';
import { ImagePicker } from '../../components/image-picker';
import { scrollToTop } from '../../components/scroll-to-top';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { uploadImage } from '../../components/upload-image';
import { useBanner, useSaveBanner } from './queries';

const LIST_PATH = '/AdminDashboard/banners';

interface Errors {
  image?: string;
  title?: string;
  releaseDate?: string;
  form?: string;
}

function BannerForm({ banner }: { banner: TAdminBanner | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const save = useSaveBanner();
  const today = todayInNewYork();
  const [title, setTitle] = useState(banner?.title ?? '');
  const [releaseDate, setReleaseDate] = useState(banner?.releaseDate ?? today);
  const [showImmediately, setShowImmediately] = useState(banner?.showImmediately ?? false);
  // Off: a draft members never see (issue 22 item 12).
  const [isActive, setIsActive] = useState(banner?.isActive ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isUploading, setIsUploading] = useState(false);
  const guard = useUnsavedChangesGuard(
    file !== null ||
      title !== (banner?.title ?? '') ||
      releaseDate !== (banner?.releaseDate ?? today) ||
      showImmediately !== (banner?.showImmediately ?? false) ||
      isActive !== (banner?.isActive ?? true),
  );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!file && !banner?.imageUrl) next.image = CONTENT_MESSAGES.bannerImageRequired;
    if (!title.trim()) next.title = CONTENT_MESSAGES.bannerTitleRequired;
    if (!showImmediately && !releaseDate) next.releaseDate = CONTENT_MESSAGES.pickReleaseDate;
    setErrors(next);
    if (Object.keys(next).length) return;
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) {
      setErrors({ form: CONTENT_MESSAGES.pleaseLoginFirst });
      return;
    }
    // A date before today (New York) shows at once: ask first when it is a new choice.
    if (
      isActive &&
      !showImmediately &&
      releaseDate < todayInNewYork() &&
      releaseDate !== banner?.releaseDate &&
      !(await confirm({
        title: PAST_START_CONFIRM.title,
        message: PAST_START_CONFIRM.message(releaseDate),
        confirmLabel: PAST_START_CONFIRM.confirm,
        cancelLabel: PAST_START_CONFIRM.cancel,
      }))
    )
      return;
    try {
      let imageUrl = banner?.imageUrl ?? '';
      if (file) {
        setIsUploading(true);
        imageUrl = await uploadImage(file, 'banner', csrfToken).finally(() => setIsUploading(false));
      }
      await save.mutateAsync({
        id: banner?.id,
        body: {
          title: title.trim(),
          imageUrl,
          releaseDate: releaseDate || undefined,
          showImmediately,
          isActive,
        },
      });
      toast.success(
        isActive
          ? banner
            ? 'Banner updated'
            : 'Banner added'
          : 'Banner saved as a draft: members do not see it',
      );
      guard.allowLeave();
      navigate(LIST_PATH);
      scrollToTop();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setErrors({ form: CONTENT_MESSAGES.pleaseLoginFirst });
        return;
      }
      const fields = error instanceof ApiError ? error.problem?.fields : undefined;
      setErrors({
        image: fields?.imageUrl,
        title: fields?.title,
        releaseDate: fields?.releaseDate,
        form: error instanceof ApiError && error.message ? error.message : CONTENT_MESSAGES.bannerSubmitError,
      });
    }
  }

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
        <ImagePicker
          label="Banner image"
          currentUrl={banner?.imageUrl ?? null}
          file={file}
          onFileChange={(f) => {
            setFile(f);
            setErrors((e) => ({ ...e, image: undefined }));
          }}
          error={errors.image}
        />
        <TextInput
          label="Title"
          withAsterisk
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setErrors((x) => ({ ...x, title: undefined }));
          }}
          error={errors.title}
          maxLength={150}
        />
        <Switch
          label="Show immediately"
          description="Ignore the release date and show the banner as soon as it is published"
          checked={showImmediately}
          onChange={(e) => setShowImmediately(e.currentTarget.checked)}
        />
        <TextInput
          type="date"
          label="Release date"
          w={{ base: '100%', sm: 260 }}
          min={today}
          value={releaseDate}
          onChange={(e) => {
            setReleaseDate(e.currentTarget.value);
            setErrors((x) => ({ ...x, releaseDate: undefined }));
          }}
          disabled={showImmediately}
          error={errors.releaseDate}
          description={
            showImmediately
              ? 'Ignored: the banner shows immediately'
              : 'Shown to members from 12:00 AM New York time on this day'
          }
        />
        <Switch
          label="Published"
          description={
            isActive
              ? 'Members see it from the release date (or at once when it shows immediately)'
              : 'A draft: saved, but members do not see it until it is published'
          }
          checked={isActive}
          onChange={(e) => setIsActive(e.currentTarget.checked)}
        />
        <FormActions
          cancelTo={LIST_PATH}
          isSaving={isUploading || save.isPending}
          submitLabel={banner ? 'Save changes' : 'Add Banner'}
        />
      </Stack>
    </Paper>
  );
}

/** /AdminDashboard/add-banner and /AdminDashboard/edit-banner/:bannerId. */
export function BannerFormPage() {
  const { bannerId } = useParams();
  const banner = useBanner(bannerId);
  const isEdit = Boolean(bannerId);

  return (
    <FormPageFrame
      backTo={LIST_PATH}
      backLabel="Banners"
      title={isEdit ? 'Edit banner' : 'Add banner'}
      maxWidth={760}
      isEdit={isEdit}
      record={banner}
      loadFailedMessage={CONTENT_MESSAGES.editLoadFailed}
    >
      {(record) => <BannerForm key={record?.id ?? 'new'} banner={record} />}
    </FormPageFrame>
  );
}
