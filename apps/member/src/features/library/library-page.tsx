import { useCategories } from '@dance/api-client';
import { MESSAGES, type TCategory } from '@dance/domain';
import { EmptyState, paramName } from '@dance/ui';
import { Alert, Container, Divider, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { VideoGridSkeleton } from '../../shared/videos/video-grid';
import { VideoListSection } from '../../shared/videos/video-list-section';
import { namespaceOf, selectLibraryCategories } from './library-categories';

function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4} mb="xl">
      <Text tt="uppercase" fw={700} fz="xs" lts={2} c="var(--mantine-color-stage-light-color)">
        Library
      </Text>
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      <Text c="dimmed" maw={640}>
        {subtitle}
      </Text>
    </Stack>
  );
}

/**
 * /AllVideos: one section per library category, each with its own filters, sort and page in the URL.
 * `?tag={id}` preselects that tag in every section.
 */
function AllVideos({ categories }: { categories: TCategory[] }) {
  const [params] = useSearchParams();
  const presetTag = params.get('tag');

  // Hand the preselected tag to each section's own parameter, so the sections stay independent.
  if (presetTag) {
    const next = new URLSearchParams(params);
    for (const category of categories) {
      const name = paramName(namespaceOf(category), 'tags');
      const tags = new Set((next.get(name) ?? '').split(',').filter(Boolean));
      tags.add(presetTag);
      next.set(name, [...tags].join(','));
    }
    next.delete('tag');
    return <Navigate to={{ search: `?${next.toString()}` }} replace />;
  }
  return (
    <Stack gap={48}>
      {categories.map((category, index) => (
        <Fragment key={category.id}>
          {index > 0 && <Divider />}
          <VideoListSection
            title={category.name}
            namespace={namespaceOf(category)}
            source={{ kind: 'library', categoryId: category.id }}
            canShuffle
            isFirstOnPage={index === 0}
          />
        </Fragment>
      ))}
    </Stack>
  );
}

type LibraryView = 'all' | 'category' | 'combined';

function readView(pathname: string): LibraryView {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/allvideos') return 'all';
  if (path === '/library') return 'combined';
  return 'category';
}

/** The library pages of spec 1 §2: /AllVideos, /Lessons, /Exercises, /Acrossthefloor and /Library. */
export function LibraryPage() {
  const { pathname } = useLocation();
  const view = readView(pathname);
  const categories = useCategories();
  const libraryCategories = selectLibraryCategories(categories.data ?? []);
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const category = libraryCategories.find((c) => c.routePath?.toLowerCase() === path);

  let content: ReactNode;
  if (view === 'combined') {
    content = (
      <>
        <PageHeading
          title="Library"
          subtitle="Every lesson, exercise and across-the-floor video in one place."
        />
        <VideoListSection title="All library videos" source={{ kind: 'library' }} canShuffle />
      </>
    );
  } else if (categories.isError) {
    content = (
      <Alert color="red" variant="light" title="The library could not be loaded">
        Check your connection and reload the page.
      </Alert>
    );
  } else if (!categories.data) {
    content = <VideoGridSkeleton />;
  } else if (view === 'all') {
    content = (
      <>
        <PageHeading
          title="All Videos"
          subtitle="Browse every category. Filters, sort and page are kept in the address, so you can share a view."
        />
        <AllVideos categories={libraryCategories} />
      </>
    );
  } else if (!category) {
    content = <EmptyState message={MESSAGES.noVideosToShow} />;
  } else {
    content = (
      <VideoListSection
        key={category.id}
        title={category.name}
        titleOrder={1}
        source={{ kind: 'library', categoryId: category.id }}
        canShuffle
      />
    );
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      {content}
    </Container>
  );
}
