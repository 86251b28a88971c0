import { ApiError } from '@dance/api-client';
import { MESSAGES, SOCIAL_PLATFORM_LABELS, type TAdminInstructor } from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import { ActionIcon, Avatar, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconEdit,
  IconPlus,
  IconRefresh,
  IconTrash,
  IconUserStar,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListCard } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { InstructorDialog } from './instructor-dialog';
import { useAdminInstructors, useDeleteInstructor } from './queries';
import { SocialIcon } from './social-icon';

/** /AdminDashBoard/Instructors: the instructor table and the add/edit dialog (spec 3 §2). */
export function InstructorsPage() {
  const instructors = useAdminInstructors();
  const deleteInstructor = useDeleteInstructor();
  const [target, setTarget] = useState<TAdminInstructor | 'new' | null>(null);

  // Spec 3 §8: a failed fetch toasts, and the table's place says so.
  useEffect(() => {
    if (instructors.isError && !(instructors.error instanceof ApiError && instructors.error.status === 401))
      toast.failure(MESSAGES.instructorsFetchFailed);
  }, [instructors.isError, instructors.error]);

  async function handleDelete(instructor: TAdminInstructor) {
    const isConfirmed = await confirm({
      title: 'Delete this instructor?',
      message: `${instructor.name} will be removed from the instructor list.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    deleteInstructor.mutate(instructor.id, {
      onSuccess: () => toast.success(`${instructor.name} deleted`),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        toast.failure('The instructor was not deleted', error);
      },
    });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            Instructors
          </Title>
          <Text c="dimmed" size="sm">
            The teachers members see on videos, with their photo, bio and social links.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setTarget('new')}>
          Add instructor
        </Button>
      </Group>

      <ListCard
        noun="instructors"
        failure={
          instructors.isError ? (
            <Stack align="center" p="xl" gap="xs">
              <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" />
              <Text c="red" fw={600} role="alert">
                {MESSAGES.instructorsLoadFailed}
              </Text>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                onClick={() => instructors.refetch()}
              >
                Try again
              </Button>
            </Stack>
          ) : null
        }
        isLoading={!instructors.data}
        isEmpty={instructors.data?.items.length === 0}
        emptyIcon={<IconUserStar size={32} stroke={1.5} />}
        skeletonRows={5}
        skeletonHeight={48}
      >
        {() => (
          <ListTable label="Instructors" minWidth={720} columns={['Instructor', 'Bio', 'Socials', 'Videos']}>
            {(instructors.data?.items ?? []).map((instructor) => (
              <Table.Tr key={instructor.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={instructor.imageUrl}
                      alt=""
                      name={instructor.name}
                      color="initials"
                      radius="xl"
                    />
                    <Text fw={600}>{instructor.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td maw={380}>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {instructor.bio || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {instructor.socials.length === 0 && <Text c="dimmed">—</Text>}
                    {instructor.socials.map((social) => (
                      <Tooltip key={`${social.platform}-${social.url}`} label={social.url}>
                        <ActionIcon
                          component="a"
                          href={social.url}
                          target="_blank"
                          rel="noreferrer noopener"
                          variant="light"
                          color="gray"
                          aria-label={`${SOCIAL_PLATFORM_LABELS[social.platform]} of ${instructor.name}`}
                        >
                          <SocialIcon platform={social.platform} />
                        </ActionIcon>
                      </Tooltip>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {instructor.videoCount}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${instructor.name}`}
                        onClick={() => setTarget(instructor)}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={instructor.videoCount > 0 ? 'Has videos: reassign them first' : 'Delete'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${instructor.name}`}
                        onClick={() => handleDelete(instructor)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
      <InstructorDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
