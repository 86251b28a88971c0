import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppApiClient, createAppQueryClient } from '../../app/api';
import { AppProviders } from '../../app/app-providers';
import { apiUrl, sessionHandler, users, videoCard } from '../../test/fixtures';
import { server } from '../../test/server';
import { RecommendationSlider } from './recommendation-slider';

const VIDEO = 'd0000000-0000-4000-8000-000000000001';

function renderSlider(isDeferred: boolean) {
  server.use(
    sessionHandler(users.individual),
    http.get(apiUrl('/videos/:videoId/recommendations'), () =>
      HttpResponse.json({ heading: 'RECOMMENDED', items: [videoCard(2), videoCard(3)] }),
    ),
  );
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders
      client={createAppApiClient(`${window.location.origin}/api/v1`)}
      queryClient={queryClient}
      env="test"
    >
      <MemoryRouter>
        <RecommendationSlider videoId={VIDEO} type="PV" playlistId={null} isDeferred={isDeferred} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('RecommendationSlider', () => {
  it('holds the row with card outlines while the video starts, so nothing below it moves when the cards come', () => {
    renderSlider(true);
    expect(screen.getByTestId('recommendations')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('recommendation-placeholder').length).toBeGreaterThan(0);
  });

  it('shows the cards in place of the outlines once they come', async () => {
    renderSlider(false);
    expect(await screen.findByText(videoCard(2).title)).toBeInTheDocument();
    expect(screen.queryByTestId('recommendation-placeholder')).not.toBeInTheDocument();
    expect(screen.getByTestId('recommendations')).not.toHaveAttribute('aria-busy');
  });
});
