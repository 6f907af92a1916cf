import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '../../lib/api';
import type { FirstCall } from '../../lib/api/first-calls';
import { buildQuery } from '../../lib/api/url';
import { preferencesKey } from '../../lib/preferences';
import { answerData, type DrawnAnswerMap } from '../../prerender/drawn-answers';
import { collectionListQuery } from './api/search-table-queries';
import { collectionEndpoints } from './api/endpoints';
import { tableUrl } from './lib/url-state';
import SearchTablePage from './search-table-page';

/** What a menu click opens: the route's bare address, its first page with no filter. */
const opened = tableUrl.parse(new URLSearchParams());

/**
 * The search table as the server draws it when the console goes to it (decision 051): the whole page, from
 * its first page of rows and the caller's table preferences (columns, density), in a query cache of this
 * render's own. Its filters are empty and its dialogs closed, as at every visit to the bare address.
 */
export function SearchTableDrawn({ answers }: { answers: DrawnAnswerMap }) {
  // Fresh for this render: nothing is fetched, and nothing shows as fetching.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const list = collectionListQuery(opened);
  client.setQueryData(list.queryKey, answerData(answers, collectionEndpoints.list, tableUrl.toQuery(opened)) as never);
  client.setQueryData(preferencesKey, answerData(answers, endpoints.preferences.get));
  return (
    <QueryClientProvider client={client}>
      <SearchTablePage />
    </QueryClientProvider>
  );
}

const read = (endpoint: { method: string; path: string }, query = ''): FirstCall => ({ method: endpoint.method, path: endpoint.path, query });

/** The slice's drawn pages (slice.ts, `drawnViews`). */
export const navigation = {
  SearchTable: {
    View: SearchTableDrawn,
    calls: [read(collectionEndpoints.list, buildQuery(tableUrl.toQuery(opened))), read(endpoints.preferences.get)],
  },
};
