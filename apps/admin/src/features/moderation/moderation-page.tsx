import { ApiError } from '@dance/api-client';
import {
  COMMENT_MESSAGES,
  MODERATION_PAGE_SIZE,
  type TModerationComment,
  type TModerationImage,
  type TModerationStatus,
} from '@dance/domain';
import { toast } from '@dance/ui';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconMessageCircle, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { env } from '../../app/env';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { WindowPagination } from '../../components/window-pagination';
import classes from './moderation.module.css';
import {
  type ModerationFilters,
  type ModerationTab,
  useDecide,
  useModerationComments,
  useModerationImages,
  useModerationSettings,
  useMute,
  useUpdateSettings,
} from './queries';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_LABEL: Record<TModerationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_COLOR: Record<TModerationStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};
const failed = () => toast.error(COMMENT_MESSAGES.moderationFailed);
const isSessionEnd = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * /AdminDashboard/moderation (spec 3 §2, §4, §7): comments and images by status and date, 10 a page with the
 * total; Approve and Decline; the comment validation switch (image validation shown, fixed on), blocked words,
 * posting limits; muting an author.
 */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const tab: ModerationTab = params.get('tab') === 'images' ? 'images' : 'comments';
  const statusParam = params.get('status');
  const status: TModerationStatus | null =
    statusParam === 'all'
      ? null
      : statusParam === 'approved' || statusParam === 'rejected'
        ? statusParam
        : 'pending';
  const filters: ModerationFilters = {
    status,
    start: params.get('start'),
    end: params.get('end'),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Moderation
        </Title>
        <Text c="dimmed" size="sm">
          Comments and images from the Community Chat.
        </Text>
      </div>
      <SettingsCard />
      <Tabs value={tab} onChange={(value) => update({ tab: value === 'images' ? 'images' : null })}>
        <Tabs.List>
          <Tabs.Tab value="comments" leftSection={<IconMessageCircle size={16} />}>
            Comments
          </Tabs.Tab>
          <Tabs.Tab value="images" leftSection={<IconPhoto size={16} />}>
            Images
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Group gap="md" align="flex-end">
          <Select
            label="Status"
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
              { value: 'all', label: 'All' },
            ]}
            value={status ?? 'all'}
            onChange={(value) => update({ status: value === 'pending' ? null : value })}
            allowDeselect={false}
            w={160}
          />
          <TextInput
            type="date"
            label="From"
            value={filters.start ?? ''}
            onChange={(event) => update({ start: event.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={filters.end ?? ''}
            onChange={(event) => update({ end: event.currentTarget.value })}
            w={170}
          />
        </Group>
      </Paper>
      {tab === 'comments' ? (
        <CommentsList
          filters={filters}
          onPage={(page) => update({ page: page === 1 ? null : String(page) })}
        />
      ) : (
        <ImagesList filters={filters} onPage={(page) => update({ page: page === 1 ? null : String(page) })} />
      )}
    </Stack>
  );
}

function SettingsCard() {
  const settings = useModerationSettings();
  const save = useUpdateSettings();
  const [words, setWords] = useState<string[]>([]);
  const [perMinute, setPerMinute] = useState<number | string>(10);
  const [perDay, setPerDay] = useState<number | string>(100);
  useEffect(() => {
    if (!settings.data) return;
    setWords(settings.data.blockedWords);
    setPerMinute(settings.data.maxPerMinute);
    setPerDay(settings.data.maxPerDay);
  }, [settings.data]);
  const data = settings.data;

  const onError = (error: unknown) => {
    if (!isSessionEnd(error)) failed();
  };

  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" data-testid="moderation-settings">
      <Stack gap="md">
        <Title order={2} fz="h4">
          Settings
        </Title>
        <Group gap="xl">
          <Switch
            label="Comment validation"
            description="New and edited comments wait for an admin"
            classNames={{ description: classes.muted }}
            checked={data?.commentValidation ?? false}
            disabled={!data || save.isPending}
            onChange={(event) => save.mutate({ commentValidation: event.currentTarget.checked }, { onError })}
          />
          <Switch
            label="Image validation"
            description="Images always wait for an admin"
            classNames={{ description: classes.muted }}
            checked={data?.imageValidation ?? true}
            disabled
          />
        </Group>
        <Group gap="md" align="flex-end">
          <TagsInput
            label="Blocked words"
            description="A comment with one of these waits for an admin"
            classNames={{ description: classes.muted }}
            placeholder="Type a word and press Enter"
            value={words}
            onChange={setWords}
            clearable
            style={{ flex: 1, minWidth: 240 }}
          />
          <NumberInput
            label="Comments a minute"
            min={1}
            max={1000}
            value={perMinute}
            onChange={setPerMinute}
            w={150}
          />
          <NumberInput
            label="Comments a day"
            min={1}
            max={100000}
            value={perDay}
            onChange={setPerDay}
            w={150}
          />
          <Button
            loading={save.isPending}
            disabled={!data}
            onClick={() =>
              save.mutate(
                { blockedWords: words, maxPerMinute: Number(perMinute), maxPerDay: Number(perDay) },
                { onSuccess: () => toast.success('Settings saved'), onError },
              )
            }
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface ListProps {
  filters: ModerationFilters;
  onPage: (page: number) => void;
}

function StatusBadge({ status }: { status: TModerationStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} c="var(--mantine-color-text)" tt="none" miw={84}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

function SubjectCell({ subject }: { subject: TModerationComment['subject'] }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {subject.thumbnailUrl ? (
        <Image src={subject.thumbnailUrl} alt="" w={72} h={40} radius="sm" fit="cover" />
      ) : null}
      <Text size="sm" fw={600} lineClamp={2}>
        {subject.title}
      </Text>
    </Group>
  );
}

function AuthorCell({ author }: { author: TModerationComment['author'] }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {author.firstName} {author.lastName}
        {author.muted && (
          <Badge ml={6} size="xs" color="gray" variant="outline" tt="none">
            Muted
          </Badge>
        )}
      </Text>
      <Text size="xs" className={classes.muted}>
        {author.email}
      </Text>
    </Stack>
  );
}

function Actions({ tab, item }: { tab: ModerationTab; item: TModerationComment | TModerationImage }) {
  const decide = useDecide(tab);
  const mute = useMute();
  const noun = tab === 'comments' ? 'comment' : 'image';
  const act = (approve: boolean) =>
    decide.mutate(
      { id: item.id, approve },
      {
        onSuccess: () => toast.success(approve ? `The ${noun} is approved` : `The ${noun} is declined`),
        onError: (error) => !isSessionEnd(error) && failed(),
      },
    );
  const name = `${item.author.firstName} ${item.author.lastName}`;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {item.status !== 'approved' && (
        <Button size="compact-sm" color="teal.9" loading={decide.isPending} onClick={() => act(true)}>
          Approve
        </Button>
      )}
      {item.status !== 'rejected' && (
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          loading={decide.isPending}
          onClick={() => act(false)}
        >
          Decline
        </Button>
      )}
      {item.status === 'approved' && (
        <Anchor
          size="sm"
          href={`${env.memberAppUrl}${item.subject.memberPath}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          View {noun}
        </Anchor>
      )}
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        aria-label={`${item.author.muted ? 'Unmute' : 'Mute'} ${name}`}
        onClick={() =>
          mute.mutate(
            { userId: item.author.id, muted: !item.author.muted },
            { onError: (error) => !isSessionEnd(error) && failed() },
          )
        }
      >
        {item.author.muted ? 'Unmute' : 'Mute'}
      </Button>
    </Group>
  );
}

function CommentsList({ filters, onPage }: ListProps) {
  const list = useModerationComments(filters, true);
  const data = list.data;
  return (
    <>
      <ListCard
        noun="comments"
        failure={
          list.isError && !list.isFetching ? (
            <ListLoadFailed noun="comments" message={list.error.message} />
          ) : null
        }
        isLoading={data === undefined}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconMessageCircle size={32} stroke={1.5} />}
        skeletonRows={6}
        skeletonHeight={48}
      >
        {() => (
          <ListTable
            label="Comments"
            minWidth={980}
            columns={['Video', 'Author', 'Date', 'Comment', 'Status']}
          >
            {(data?.items ?? []).map((item) => (
              <Table.Tr key={item.id} data-testid="moderation-row">
                <Table.Td maw={240}>
                  <SubjectCell subject={item.subject} />
                </Table.Td>
                <Table.Td>
                  <AuthorCell author={item.author} />
                </Table.Td>
                <Table.Td miw={120}>
                  <Text size="sm">{dateFormat.format(new Date(item.createdAt))}</Text>
                </Table.Td>
                <Table.Td maw={360}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                    {item.isReply ? '↳ ' : ''}
                    {item.content}
                  </Text>
                </Table.Td>
                <Table.Td miw={110}>
                  <StatusBadge status={item.status} />
                </Table.Td>
                <Table.Td>
                  <Actions tab="comments" item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      {data && (
        <WindowPagination
          page={filters.page}
          total={data.total}
          pageSize={MODERATION_PAGE_SIZE}
          noun="comments"
          onChange={onPage}
        />
      )}
    </>
  );
}

function ImagesList({ filters, onPage }: ListProps) {
  const list = useModerationImages(filters, true);
  const data = list.data;
  return (
    <>
      <ListCard
        noun="images"
        failure={
          list.isError && !list.isFetching ? (
            <ListLoadFailed noun="images" message={list.error.message} />
          ) : null
        }
        isLoading={data === undefined}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconPhoto size={32} stroke={1.5} />}
        skeletonRows={6}
        skeletonHeight={64}
      >
        {() => (
          <ListTable
            label="Images"
            minWidth={1100}
            columns={['Video', 'Author', 'Date', 'Image', 'Status']}
            actionsWidth={280}
          >
            {(data?.items ?? []).map((item) => (
              <Table.Tr key={item.id} data-testid="moderation-row">
                <Table.Td maw={240}>
                  <SubjectCell subject={item.subject} />
                </Table.Td>
                <Table.Td>
                  <AuthorCell author={item.author} />
                </Table.Td>
                <Table.Td miw={120}>
                  <Text size="sm">{dateFormat.format(new Date(item.createdAt))}</Text>
                </Table.Td>
                <Table.Td>
                  <Anchor href={item.url} target="_blank" rel="noopener noreferrer">
                    <Image
                      src={item.url}
                      alt={`Image by ${item.author.firstName}`}
                      w={96}
                      h={64}
                      fit="cover"
                      radius="sm"
                    />
                  </Anchor>
                </Table.Td>
                <Table.Td miw={110}>
                  <StatusBadge status={item.status} />
                </Table.Td>
                <Table.Td>
                  <Actions tab="images" item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      {data && (
        <WindowPagination
          page={filters.page}
          total={data.total}
          pageSize={MODERATION_PAGE_SIZE}
          noun="images"
          onChange={onPage}
        />
      )}
    </>
  );
}
