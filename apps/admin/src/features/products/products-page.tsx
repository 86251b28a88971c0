import { ApiError } from '@dance/api-client';
import { PRODUCT_TEXTS, type TAdminProductList } from '@dance/domain';
import { toast } from '@dance/ui';
import { Alert, Avatar, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPackage, IconRefresh } from '@tabler/icons-react';
import { ListCard, ListLoadFailed } from '../../components/list-card';
import { ListTable } from '../../components/list-table';
import { useAdminProducts, useSyncProducts } from './queries';

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/New_York',
});

function lastSyncText(lastSync: TAdminProductList['lastSync']): string {
  if (!lastSync) return PRODUCT_TEXTS.neverSynced;
  return `Last synced ${dateTime.format(new Date(lastSync.at))} (New York): ${lastSync.created} new, ${lastSync.updated} updated of ${lastSync.total}`;
}

/** /AdminDashboard/products: the products videos link to, where they come from, and Sync (issue 22 item 13). */
export function ProductsPage() {
  const products = useAdminProducts();
  const sync = useSyncProducts();
  const data = products.data;
  const isShopify = data?.store === 'shopify';

  function handleSync() {
    sync.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(`Products synced: ${result.created} new, ${result.updated} updated of ${result.total}`),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        toast.failure('Sync failed', error);
      },
    });
  }

  return (
    <Stack gap="lg" maw={1040}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz="h2">
            Products
          </Title>
          <Text c="dimmed" size="sm" data-testid="last-sync">
            {data ? lastSyncText(data.lastSync) : ' '}
          </Text>
        </div>
        <Button
          leftSection={<IconRefresh size={18} />}
          onClick={handleSync}
          loading={sync.isPending}
          disabled={!isShopify}
        >
          Sync with Shopify
        </Button>
      </Group>
      {data && !isShopify && (
        <Paper withBorder radius="lg" p={0}>
          <Alert variant="light" color="blue" icon={<IconInfoCircle />} radius="lg">
            {PRODUCT_TEXTS.embeddedStore}
          </Alert>
        </Paper>
      )}
      <ListCard
        noun="products"
        failure={
          products.isError ? <ListLoadFailed noun="products" message={products.error.message} /> : null
        }
        isLoading={!data}
        isEmpty={data?.items.length === 0}
        emptyIcon={<IconPackage size={32} stroke={1.5} />}
        skeletonRows={6}
        skeletonHeight={40}
      >
        {() => (
          <ListTable label="Products" minWidth={680} columns={['Product', 'Handle', 'Source', 'Videos']}>
            {(data?.items ?? []).map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={product.imageUrl} radius="md" size="md" alt="">
                      <IconPackage size={18} />
                    </Avatar>
                    <div>
                      <Text fw={600} size="sm">
                        {product.title}
                      </Text>
                      {(product.subname || product.variantTitle) && (
                        <Text size="xs" c="dimmed">
                          {[product.subname, product.variantTitle].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {product.handle}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={product.source === 'shopify' ? 'teal' : 'gray'} tt="none">
                    {product.source === 'shopify' ? 'Shopify' : 'Database only'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {product.videoCount}
                  </Text>
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListCard>
    </Stack>
  );
}
