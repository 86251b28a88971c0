import { ApiError, useSession } from '@dance/api-client';
import {
  CONTENT_MESSAGES,
  PAST_START_CONFIRM,
  type PopupDevice,
  PRODUCT_TIME_ZONE,
  type TAdminPopup,
  todayInNewYork,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormActions, FormPageFrame } from '../../components/form-page-frame';
import { ImagePicker } from '../../components/image-picker';
import { scrollToTop } from '../../components/scroll-to-top';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';
import { uploadImage } from '../../components/upload-image';
import { usePopup, useSavePopup } from './queries';

const LIST_PATH = '/AdminDashboard/popup';

/** The admin's own date (YYYY-MM-DD) in the browser's time zone. */
/** Popups' dates are New York dates, like banners' and releases' (issue 22 item 12). */
const localToday = () => todayInNewYork();

type Errors = Partial<Record<string, string>>;

function PopupForm({ popup }: { popup: TAdminPopup | null }) {
  const navigate = useNavigate();
  const session = useSession();
  const save = useSavePopup();
  const timezone = PRODUCT_TIME_ZONE;
  const [initial] = useState(() => ({
    headerText: popup?.headerText ?? '',
    description: popup?.description ?? '',
    startDateLocal: popup?.startDateLocal ?? localToday(),
    endDateLocal: popup?.endDateLocal ?? localToday(),
    isActive: popup?.isActive ?? true,
    primaryText: popup?.primaryCta?.text ?? '',
    primaryUrl: popup?.primaryCta?.url ?? '',
    secondaryText: popup?.secondaryCta?.text ?? '',
    secondaryUrl: popup?.secondaryCta?.url ?? '',
    devices: (popup?.deviceVisibility ?? ['desktop', 'mobile']) as PopupDevice[],
  }));
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isUploading, setIsUploading] = useState(false);
  const guard = useUnsavedChangesGuard(file !== null || JSON.stringify(values) !== JSON.stringify(initial));
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!values.headerText.trim()) next.headerText = 'Please enter a header text';
    if (!values.startDateLocal) next.startDateLocal = 'Please pick a start date';
    if (!values.endDateLocal) next.endDateLocal = 'Please pick an end date';
    if (values.startDateLocal && values.endDateLocal && values.endDateLocal < values.startDateLocal)
      next.endDateLocal = 'The end date cannot be before the start date';
    if (values.devices.length === 0) next.devices = CONTENT_MESSAGES.popupDeviceRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    const csrfToken = session.data?.csrfToken;
    if (!csrfToken) {
      setErrors({ form: CONTENT_MESSAGES.pleaseLoginFirst });
      return;
    }
    // A start before today (New York) shows at once: ask first when it is a new choice.
    if (
      values.isActive &&
      values.startDateLocal < todayInNewYork() &&
      values.startDateLocal !== popup?.startDateLocal &&
      !(await confirm({
        title: PAST_START_CONFIRM.title,
        message: PAST_START_CONFIRM.message(values.startDateLocal),
        confirmLabel: PAST_START_CONFIRM.confirm,
        cancelLabel: PAST_START_CONFIRM.cancel,
      }))
    )
      return;
    try {
      let imageUrl = popup?.imageUrl ?? null;
      if (file) {
        setIsUploading(true);
        imageUrl = await uploadImage(file, 'popup', csrfToken).finally(() => setIsUploading(false));
      }
      await save.mutateAsync({
        id: popup?.id,
        body: {
          headerText: values.headerText.trim(),
          description: values.description.trim(),
          imageUrl,
          // Calendar dates plus the admin's zone: the server stores 00:00:00 and 23:59 of that zone in UTC.
          startDateLocal: values.startDateLocal,
          endDateLocal: values.endDateLocal,
          timezone,
          isActive: values.isActive,
          primaryCta: { text: values.primaryText, url: values.primaryUrl },
          secondaryCta: { text: values.secondaryText, url: values.secondaryUrl },
          deviceVisibility: values.devices,
        },
      });
      toast.success(popup ? 'Popup updated' : 'Popup added');
      guard.allowLeave();
      navigate(LIST_PATH);
      scrollToTop();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.problem?.fields ?? {}) : {};
      setErrors({
        headerText: fields.headerText,
        startDateLocal: fields.startDateLocal,
        endDateLocal: fields.endDateLocal,
        devices: fields.deviceVisibility,
        primaryText: fields['primaryCta.text'],
        primaryUrl: fields['primaryCta.url'],
        secondaryText: fields['secondaryCta.text'],
        secondaryUrl: fields['secondaryCta.url'],
        image: fields.imageUrl,
        form:
          error instanceof ApiError && error.status === 401
            ? CONTENT_MESSAGES.pleaseLoginFirst
            : CONTENT_MESSAGES.popupSubmitError,
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
        <TextInput
          label="Header text"
          withAsterisk
          value={values.headerText}
          onChange={(e) => set('headerText', e.currentTarget.value)}
          error={errors.headerText}
          maxLength={120}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <ImagePicker
          label="Image"
          currentUrl={popup?.imageUrl ?? null}
          file={file}
          onFileChange={setFile}
          error={errors.image}
          aspectRatio={16 / 9}
          isRequired={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label="Start date"
            withAsterisk
            value={values.startDateLocal}
            onChange={(e) => set('startDateLocal', e.currentTarget.value)}
            error={errors.startDateLocal}
            description="From 00:00:00 on this day"
          />
          <TextInput
            type="date"
            label="End date"
            withAsterisk
            min={values.startDateLocal}
            value={values.endDateLocal}
            onChange={(e) => set('endDateLocal', e.currentTarget.value)}
            error={errors.endDateLocal}
            description="Until 23:59 on this day"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          Dates are New York dates ({timezone}), as everywhere in the product.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Primary call to action
            </Text>
            <TextInput
              label="Button text"
              value={values.primaryText}
              onChange={(e) => set('primaryText', e.currentTarget.value)}
              error={errors.primaryText}
              maxLength={60}
            />
            <TextInput
              label="Button link"
              placeholder="/plans or https://…"
              value={values.primaryUrl}
              onChange={(e) => set('primaryUrl', e.currentTarget.value)}
              error={errors.primaryUrl}
            />
          </Stack>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Secondary call to action
            </Text>
            <TextInput
              label="Secondary button text"
              value={values.secondaryText}
              onChange={(e) => set('secondaryText', e.currentTarget.value)}
              error={errors.secondaryText}
              maxLength={60}
            />
            <TextInput
              label="Secondary button link"
              placeholder="/Library or https://…"
              value={values.secondaryUrl}
              onChange={(e) => set('secondaryUrl', e.currentTarget.value)}
              error={errors.secondaryUrl}
            />
          </Stack>
        </SimpleGrid>
        <Checkbox.Group
          label="Show on"
          withAsterisk
          value={values.devices}
          onChange={(v) => set('devices', v as PopupDevice[])}
          error={errors.devices}
        >
          <Group mt={6}>
            <Checkbox value="desktop" label="Desktop" />
            <Checkbox value="mobile" label="Mobile" />
          </Group>
        </Checkbox.Group>
        <Switch
          label="Published"
          description={
            values.isActive
              ? 'Members see it between the start and end dates'
              : 'A draft: saved, but members do not see it until it is published'
          }
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        <FormActions
          cancelTo={LIST_PATH}
          isSaving={isUploading || save.isPending}
          submitLabel={popup ? 'Save changes' : 'Add Popup'}
        />
      </Stack>
    </Paper>
  );
}

/** /AdminDashboard/add-popup and /AdminDashboard/edit-popup/:popupId (and their capitalised spellings). */
export function PopupFormPage() {
  const { popupId } = useParams();
  const popup = usePopup(popupId);
  const isEdit = Boolean(popupId);
  return (
    <FormPageFrame
      backTo={LIST_PATH}
      backLabel="Popups List"
      title={isEdit ? 'Edit popup' : 'Add popup'}
      maxWidth={860}
      isEdit={isEdit}
      record={popup}
      loadFailedMessage={CONTENT_MESSAGES.editLoadFailed}
    >
      {(record) => <PopupForm key={record?.id ?? 'new'} popup={record} />}
    </FormPageFrame>
  );
}
