import { useApiClient } from '@dance/api-client';
import {
  BREAKPOINTS,
  type PopupDevice,
  popupEndpoints,
  type TMemberPopup,
  type TPopupCta,
} from '@dance/domain';
import { responsiveImageProps } from '@dance/ui';
import { Button, CloseButton, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useActivePopup } from './queries';

const SEEN_KEY = 'dance.popups.seen';

/** Popups already shown in this browser session (spec 1: once per session). */
function readSeen(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function markSeen(id: string) {
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify([...new Set([...readSeen(), id])]));
  } catch {
    // Storage can be unavailable (private mode): the popup may then show again, which is harmless.
  }
}

const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * The active popup for this kind of device, shown once per browser session; each showing is counted.
 * Mounted once in the member shell.
 */
export function ActivePopup() {
  const client = useApiClient();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(`(max-width: ${BREAKPOINTS.tablet - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const device: PopupDevice = isMobile ? 'mobile' : 'desktop';
  const { data } = useActivePopup(device);
  const [shown, setShown] = useState<TMemberPopup | null>(null);

  useEffect(() => {
    const popup = data?.popup;
    if (!popup || shown || readSeen().includes(popup.id)) return;
    markSeen(popup.id);
    setShown(popup);
    client.call(popupEndpoints.recordView, { params: { id: popup.id } }).catch(() => {
      // A lost view count must never bother the member.
    });
  }, [data, shown, client]);

  const close = () => setShown((p) => (p ? { ...p, id: '' } : p));
  const isOpen = Boolean(shown?.id);

  function follow(cta: TPopupCta) {
    close();
    if (isInternal(cta.url)) navigate(cta.url);
    else window.open(cta.url, '_blank', 'noopener,noreferrer');
  }

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      centered
      size="lg"
      radius="lg"
      padding={0}
      withCloseButton={false}
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
    >
      {shown && (
        <Stack gap={0} pos="relative">
          <CloseButton
            aria-label="Close"
            pos="absolute"
            top={12}
            right={12}
            onClick={close}
            variant="filled"
            radius="xl"
            style={{ zIndex: 1 }}
          />
          {shown.imageUrl && (
            <Image
              {...responsiveImageProps(shown.imageUrl, '(max-width: 50em) 100vw, 800px')}
              alt=""
              fit="cover"
              mah={280}
              style={{ borderRadius: '16px 16px 0 0' }}
            />
          )}
          <Stack gap="sm" p="xl">
            <Title order={2} size="h3" id="active-popup-title">
              {shown.headerText}
            </Title>
            {shown.description && (
              <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {shown.description}
              </Text>
            )}
            <Group justify="flex-end" mt="md" gap="sm">
              {shown.secondaryCta && (
                <Button variant="default" onClick={() => follow(shown.secondaryCta!)}>
                  {shown.secondaryCta.text}
                </Button>
              )}
              {shown.primaryCta && (
                <Button onClick={() => follow(shown.primaryCta!)}>{shown.primaryCta.text}</Button>
              )}
            </Group>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
