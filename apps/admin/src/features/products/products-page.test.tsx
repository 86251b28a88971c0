import { PRODUCT_TEXTS } from '@dance/domain';
import { configure, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser, sessionAs } from '../../test/api-fixtures';
import { server } from '../../test/msw-server';
import { renderAdminApp } from '../../test/render-admin-app';

configure({ asyncUtilTimeout: 5000 });

const strap = {
  id: 'p1',
  title: 'Stretch Strap Pro',
  subname: '12 loops',
  handle: 'stretch-strap',
  variantTitle: 'Blue',
  imageUrl: null,
  source: 'shopify',
  videoCount: 3,
};

describe('products page (issue 22 item 13)', { timeout: 30_000 }, () => {
  it('lists the Shopify products with the last sync, and Sync updates it', async () => {
    let synced = false;
    server.use(
      sessionAs(adminUser),
      http.get('*/api/v1/admin/products', () =>
        HttpResponse.json({
          items: [strap],
          store: 'shopify',
          lastSync: synced
            ? { at: '2026-11-25T17:00:00.000Z', created: 1, updated: 0, total: 2 }
            : { at: '2026-11-20T15:30:00.000Z', created: 2, updated: 0, total: 2 },
        }),
      ),
      http.post('*/api/v1/admin/products/sync', () => {
        synced = true;
        return HttpResponse.json({ created: 1, updated: 0, total: 2 });
      }),
    );
    const { user } = renderAdminApp('/AdminDashboard/products');
    const row = await screen.findByRole('row', { name: /Stretch Strap Pro/ });
    expect(within(row).getByText('Shopify')).toBeInTheDocument();
    expect(within(row).getByText('12 loops · Blue')).toBeInTheDocument();
    expect(screen.getByTestId('last-sync')).toHaveTextContent(
      'Last synced Nov 20, 2026, 10:30 AM (New York)',
    );
    await user.click(screen.getByRole('button', { name: 'Sync with Shopify' }));
    expect(await screen.findByText('Products synced: 1 new, 0 updated of 2')).toBeInTheDocument();
    expect(await screen.findByText(/Last synced Nov 25, 2026, 12:00 PM/)).toBeInTheDocument();
  });

  it('explains the embedded store and keeps Sync off without Shopify', async () => {
    server.use(
      sessionAs(adminUser),
      http.get('*/api/v1/admin/products', () =>
        HttpResponse.json({ items: [{ ...strap, source: 'local' }], store: 'embedded', lastSync: null }),
      ),
    );
    renderAdminApp('/AdminDashboard/products');
    expect(await screen.findByText(PRODUCT_TEXTS.embeddedStore)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync with Shopify' })).toBeDisabled();
    expect(screen.getByTestId('last-sync')).toHaveTextContent(PRODUCT_TEXTS.neverSynced);
  });
});
