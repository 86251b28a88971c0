import { SITEMAP_CHANGEFREQ, SITEMAP_PRIORITY } from '@dance/domain';
import { Alert, Anchor, Card, Code, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { mutedText } from '../../components/muted-text';
import { useSitemap } from './queries';

/** The sitemap's XML one element a line, for reading (the served file is the same XML, one entry a line). */
export function indentSitemapXml(xml: string): string {
  return xml
    .replace(/>\s+</g, '><')
    .replace(/\?>\s*<(urlset|sitemapindex)/, '?>\n<$1')
    .replace(/<(url|sitemap)>/g, '\n  <$1>')
    .replace(/<(loc|lastmod|changefreq|priority)>/g, '\n    <$1>')
    .replace(/<\/(url|sitemap)>/g, '\n  </$1>')
    .replace(/<\/(urlset|sitemapindex)>/g, '\n</$1>');
}

/**
 * /sitemap (spec 3 §2 "Sitemap screen"): the XML that search engines read, each route with change frequency
 * weekly and priority 0.8. Past 50,000 entries /sitemap.xml is an index and each part can be shown.
 */
export function SitemapPage() {
  const [file, setFile] = useState(0);
  const sitemap = useSitemap(file);
  const data = sitemap.data;
  const fileOptions = data
    ? [
        { value: '0', label: data.files > 1 ? 'sitemap.xml (index)' : 'sitemap.xml' },
        ...(data.files > 1
          ? Array.from({ length: data.files }, (_, i) => ({ value: String(i + 1), label: `Part ${i + 1}` }))
          : []),
      ]
    : [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Sitemap
        </Title>
        <Text className={mutedText} size="sm">
          The public pages search engines are told about: change frequency {SITEMAP_CHANGEFREQ}, priority{' '}
          {SITEMAP_PRIORITY}.
        </Text>
      </div>

      {sitemap.isError && !sitemap.isFetching ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The sitemap could not be loaded">
          {sitemap.error.message}
        </Alert>
      ) : !data ? (
        <Card withBorder radius="lg" p="md" role="status" aria-label="Loading the sitemap">
          <Skeleton h={360} />
        </Card>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Group gap="lg" align="flex-end">
              {data.files > 1 && (
                <Select
                  label="File"
                  data={fileOptions}
                  value={String(file)}
                  onChange={(value) => setFile(Number(value ?? 0))}
                  allowDeselect={false}
                  w={220}
                />
              )}
              <Text size="sm">
                {data.entries.toLocaleString('en-US')} pages in {data.files}{' '}
                {data.files === 1 ? 'file' : 'files'}
              </Text>
            </Group>
            <Anchor href={data.url} target="_blank" rel="noreferrer" size="sm">
              <Group gap={4} wrap="nowrap">
                {data.url}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
          <Card withBorder radius="lg" p={0} shadow="xs">
            <Code
              block
              tabIndex={0}
              aria-label="Sitemap XML"
              style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre', fontSize: 13 }}
            >
              {indentSitemapXml(data.xml)}
            </Code>
          </Card>
        </>
      )}
    </Stack>
  );
}
