import { Card, Input, Tabs } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { useIsMobile } from '../../stores/settings';
import styles from './card-page.module.css';
import { QualitySection } from './components/quality-section';
import { RulesSection } from './components/rules-section';
import { ServiceSection } from './components/service-section';
import { queryClient } from '../../lib/query-client';
import { qualityQuery, rulesQuery, servicesQuery } from './api/card-queries';

const tabs = ['all', 'quality', 'service', 'rules'] as const;
type Tab = (typeof tabs)[number];
const tabTitles: Record<Tab, string> = {
  all: 'cardList.tab.title.all',
  quality: 'cardList.tab.title.content',
  service: 'cardList.tab.title.service',
  rules: 'cardList.tab.title.preset',
};

/**
 * 卡片列表 (card list). The tab lives in the URL (`?tab=`, omitted for 全部) so the workplace
 * shortcuts can open a section; each section loads when it is first shown (hidden panes unmount,
 * their data stays in the query cache).
 */
/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(search: URLSearchParams): Promise<unknown> {
  const tab = search.get('tab');
  const all = !tab || tab === 'all';
  return Promise.all([
    all || tab === 'quality' ? queryClient.prefetchQuery(qualityQuery()) : null,
    all || tab === 'service' ? queryClient.prefetchQuery(servicesQuery()) : null,
    all || tab === 'rules' ? queryClient.prefetchQuery(rulesQuery()) : null,
  ]);
}

export default function CardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'all';
  const [search, setSearch] = useState('');
  const root = useRef<HTMLDivElement>(null);
  // On a phone the search takes its own line above the tabs; beside them it would leave the tabs a sliver.
  const mobile = useIsMobile();

  // Arco's tab headers carry role="tab" without a tablist around them: complete the ARIA pattern.
  useEffect(() => {
    root.current?.querySelectorAll('.arco-tabs-header').forEach((el) => el.setAttribute('role', 'tablist'));
  });

  const sections = (key: Tab) => (
    <div className={styles.sections}>
      {(key === 'all' || key === 'quality') && <QualitySection search={search} />}
      {(key === 'all' || key === 'service') && <ServiceSection search={search} />}
      {(key === 'all' || key === 'rules') && <RulesSection search={search} />}
    </div>
  );

  const searchBox = (
    <Input.Search
      allowClear
      className={mobile ? styles.searchWide : styles.search}
      placeholder={t('cardList.searchInput.placeholder')}
      aria-label={t('cardList.searchInput.placeholder')}
      value={search}
      onChange={setSearch}
    />
  );

  return (
    <Card bordered={false} title={t('menu.list.cardList')}>
      <div ref={root}>
        {mobile ? searchBox : null}
        <Tabs type="rounded" activeTab={tab} destroyOnHide onChange={(key) => setParams(key === 'all' ? {} : { tab: key })} extra={mobile ? null : searchBox}>
          {tabs.map((key) => (
            <Tabs.TabPane key={key} title={t(tabTitles[key])}>
              {sections(key)}
            </Tabs.TabPane>
          ))}
        </Tabs>
      </div>
    </Card>
  );
}
