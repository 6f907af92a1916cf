import { QueryClient, QueryClientProvider, type DataTag, type QueryKey } from '@tanstack/react-query';
import { answerData, type DrawnAnswerMap } from '../../prerender/drawn-answers';
import { categoriesQuery, contentDataQuery, overviewQuery, popularQuery } from './api/workplace-queries';
import { workplaceEndpoints } from './api/endpoints';
import { WorkplaceMain } from './components/workplace-main';
import styles from './workplace.module.css';

function seed<T, E>(client: QueryClient, query: { queryKey: DataTag<QueryKey, T, E> }, data: unknown): void {
  client.setQueryData(query.queryKey, data as T);
}

/**
 * The workplace as the server draws it into the signed-in document (decision 049): its main column from the
 * data the server read as the session, in a query cache of this render's own; the side column (recent pages
 * kept in the browser, shortcuts, announcements) as the skeleton's cards, which the console's page fills.
 */
export function WorkplaceDrawn({ answers }: { answers: DrawnAnswerMap }) {
  // Fresh for this render: nothing is fetched, and nothing shows as fetching (the popular table's spinner).
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  seed(client, overviewQuery(), answerData(answers, workplaceEndpoints.overview));
  seed(client, contentDataQuery(), answerData(answers, workplaceEndpoints.contentData));
  seed(client, popularQuery('text'), answerData(answers, workplaceEndpoints.popular, { type: 'text' }));
  seed(client, categoriesQuery(), answerData(answers, workplaceEndpoints.categories));
  return (
    <QueryClientProvider client={client}>
      <div className={styles.layout}>
        <WorkplaceMain />
        <aside className={styles.side} aria-hidden>
          {[0, 1].map((card) => (
            <div key={card} className="pre-card pre-drawn-card">
              <span className="pre-bar" style={{ width: '50%', height: 20 }} />
              <span className="pre-bar" style={{ width: '80%' }} />
              <span className="pre-bar" style={{ width: '70%' }} />
            </div>
          ))}
        </aside>
      </div>
    </QueryClientProvider>
  );
}

/** The slice's drawn pages (slice.ts, `drawnViews`). */
export const views = { Workplace: WorkplaceDrawn };
