import { ApiError } from '@dance/api-client';
import { theme } from '@dance/ui';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage, SCREEN_FAILED_TEXT } from './route-error-page';

function renderFailing(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Boom = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorPage /> }]);
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the screen shown when a route fails (issue 22 item 8)', () => {
  it("tells the operator what to do instead of the script error's text", async () => {
    renderFailing(new TypeError("Cannot read properties of undefined (reading 'map')"));
    expect(await screen.findByText(SCREEN_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it("shows the API's own message, which is written for people", async () => {
    renderFailing(new ApiError(403, 'FORBIDDEN', 'Only admins can open this page.', null));
    expect(await screen.findByText('Only admins can open this page.')).toBeInTheDocument();
  });
});
