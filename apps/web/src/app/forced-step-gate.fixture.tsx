import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ForcedStepGate } from './forced-step-gate';

/** A page that calls the API when it mounts, as every page of the shell does. */
function Page({ load }: { load: () => void }) {
  useEffect(load, [load]);
  return <p>the page</p>;
}

/** The shell's gate around a sign-in page and one page at `/user/info` that runs `load` (its API call) when it mounts, rendered at `url`. */
export function renderGatedApp(load: () => void, url = '/user/info') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <ForcedStepGate>
            <Outlet />
          </ForcedStepGate>
        ),
        children: [
          { path: 'login', element: <p>the sign-in page</p> },
          { path: 'user/info', element: <Page load={load} /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
