import { act, render, screen } from '@testing-library/react';
import { API_FRESH, API_STALE, onWorkerMessage, useShowingKeptAnswers } from '../features/offline/stale-answers';

function Probe() {
  return <p>{useShowingKeptAnswers() ? 'kept' : 'fresh'}</p>;
}

const post = (type: string, url: string) => act(() => onWorkerMessage(new MessageEvent('message', { data: { type, url } })));

it("marks the screen while a kept answer's refresh is under way, for every one of them", () => {
  render(<Probe />);
  expect(screen.getByText('fresh')).toBeInTheDocument();
  post(API_STALE, '/api/v1/a');
  post(API_STALE, '/api/v1/b');
  expect(screen.getByText('kept')).toBeInTheDocument();
  post(API_FRESH, '/api/v1/a');
  expect(screen.getByText('kept')).toBeInTheDocument();
  post(API_FRESH, '/api/v1/b');
  expect(screen.getByText('fresh')).toBeInTheDocument();
  // a refresh heard of without its kept answer (a message missed before the page listened) changes nothing
  post(API_FRESH, '/api/v1/c');
  post('imprest:api-refreshed', '/api/v1/a');
  expect(screen.getByText('fresh')).toBeInTheDocument();
});
