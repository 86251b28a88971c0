import { ApiError, useApiClient } from '@dance/api-client';
import { NOTIFICATION_KIND_LABELS, type TInboxItem } from '@dance/domain';
import { toast } from '@dance/ui';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import IconBellRinging from '@tabler/icons-react/dist/esm/icons/IconBellRinging.mjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { enablePush, type PushState, readPushState } from '../../shared/push';
import { useInbox, useReadAll, useSetRead } from './queries';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function InboxRow({ item, onOpen }: { item: TInboxItem; onOpen: (item: TInboxItem) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      w="100%"
      p="sm"
      style={{
        borderRadius: 8,
        background: item.isRead ? undefined : 'var(--mantine-color-default-hover)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          mt={6}
          w={8}
          h={8}
          style={{
            borderRadius: 999,
            flex: 'none',
            background: item.isRead ? 'transparent' : 'var(--mantine-primary-color-filled)',
          }}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={item.isRead ? 500 : 800} lineClamp={2}>
            {!item.isRead && <VisuallyHidden>Unread: </VisuallyHidden>}
            {item.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.body}
          </Text>
          {item.imageUrl && <Image src={item.imageUrl} alt="" radius="sm" mah={120} fit="cover" mt={4} />}
          <Group gap={6} mt={2}>
            <Badge size="xs" variant="light">
              {NOTIFICATION_KIND_LABELS[item.kind]}
            </Badge>
            <Text size="xs" c="dimmed">
              {timeFormat.format(new Date(item.createdAt))}
            </Text>
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** Offers push on this device from the inbox, a moment the member chose (never on a first visit). */
function PushOffer() {
  const client = useApiClient();
  const [state, setState] = useState<PushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    readPushState().then(setState, () => setState('unsupported'));
  }, []);
  if (state !== 'default') return null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        Get these on this device too?
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={isBusy}
        onClick={async () => {
          setIsBusy(true);
          try {
            setState(await enablePush(client));
          } catch {
            toast.error('Push notifications could not be turned on in this browser.');
          } finally {
            setIsBusy(false);
          }
        }}
      >
        Turn on push
      </Button>
    </Group>
  );
}

/** The header's bell (issue 17): unread count, the inbox list, read/unread and "Mark all read". */
export function InboxBell({ userId }: { userId: string }) {
  const inbox = useInbox(userId);
  const setRead = useSetRead();
  const readAll = useReadAll();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isOpen, setIsOpen] = useState(false);
  const unread = inbox.data?.unreadCount ?? 0;
  const items = inbox.data?.items ?? [];

  // A click on a push opens its page with ?notification=<id>: count the open, then drop the parameter.
  const openedId = searchParams.get('notification');
  useEffect(() => {
    if (!openedId || !inbox.data) return;
    const item = inbox.data.items.find((i) => i.notificationId === openedId);
    if (item) setRead.mutate({ id: item.id, isRead: true, opened: true });
    setSearchParams(
      (params) => {
        params.delete('notification');
        return params;
      },
      { replace: true },
    );
  }, [openedId, inbox.data, setRead, setSearchParams]);

  function open(item: TInboxItem) {
    setRead.mutate({ id: item.id, isRead: true, opened: true });
    setIsOpen(false);
    if (!item.url) return;
    if (/^https?:\/\//i.test(item.url)) window.open(item.url, '_blank', 'noopener');
    else navigate(item.url);
  }

  async function markAllRead() {
    try {
      await readAll.mutateAsync();
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? error.message
          : 'Your notifications could not be marked as read. Check your connection and try again.',
      );
    }
  }

  return (
    <Popover
      opened={isOpen}
      onChange={setIsOpen}
      position="bottom-end"
      width={360}
      shadow="lg"
      radius="md"
      withinPortal
      trapFocus
    >
      {/* The popover's target is the button itself, so aria-haspopup and aria-expanded sit on it (axe
          aria-allowed-attr: they were on the indicator's div). */}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        offset={6}
        disabled={unread === 0}
        color="red"
        inline
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setIsOpen((o) => !o)}
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            {unread > 0 ? <IconBellRinging size={20} /> : <IconBell size={20} />}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={800}>Notifications</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={markAllRead}
            disabled={unread === 0}
            loading={readAll.isPending}
          >
            Mark all read
          </Button>
        </Group>
        <PushOffer />
        <ScrollArea.Autosize mah={420} type="auto">
          {inbox.isError && (
            <Text size="sm" c="red" p="sm" m={6}>
              Could not load your notifications.
            </Text>
          )}
          {inbox.isSuccess && items.length === 0 && (
            <Text size="sm" c="dimmed" p="sm" m={6}>
              No notifications yet.
            </Text>
          )}
          {/* The list only when it has rows: a list holds list items only (axe aria-required-children). */}
          {items.length > 0 && (
            <Stack gap={2} p={6} role="list" aria-label="Notifications">
              {items.map((item) => (
                <Box key={item.id} role="listitem">
                  <InboxRow item={item} onOpen={open} />
                  <Group justify="flex-end" px="sm">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="gray"
                      onClick={() => setRead.mutate({ id: item.id, isRead: !item.isRead })}
                    >
                      {item.isRead ? 'Mark as unread' : 'Mark as read'}
                    </Button>
                  </Group>
                </Box>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
