import { Card, Message, Switch, Tag, Tooltip } from '@arco-design/web-react';
import type { RuleCard } from '@atrium/contracts/demo/card/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermission } from '../../../components/permission';
import { useT } from '../../../lib/i18n';
import { cardKeys, rulesQuery, setRuleEnabled } from '../api/card-queries';
import styles from '../card-page.module.css';
import { CardGrid, matches } from './card-grid';

function RuleItem({ card, admin }: { card: RuleCard; admin: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  // The switch moves at once; a failed call puts it back.
  const [pending, setPending] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (enable: boolean) => setRuleEnabled(card.id, enable),
    onMutate: (enable) => setPending(enable),
    onSuccess: (updated) => {
      queryClient.setQueryData<RuleCard[]>(cardKeys.rules, (old) => old?.map((c) => (c.id === updated.id ? updated : c)));
      Message.success(t(updated.enable ? 'cardList.preset.enableSuccess' : 'cardList.preset.disableSuccess'));
    },
    onSettled: () => setPending(null),
  });
  const checked = pending ?? card.enable;
  const control = (
    <Switch
      checked={checked}
      loading={toggle.isPending}
      disabled={!admin}
      aria-label={card.title}
      onChange={(value) => toggle.mutate(value)}
    />
  );
  return (
    <Card bordered={false} hoverable className={styles.card} data-card="rule">
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>{card.title}</span>
        {checked && <Tag color="green">{t('cardList.preset.tag')}</Tag>}
        <span className={styles.switch}>
          {admin ? (
            control
          ) : (
            <Tooltip content={t('common.noPermission')}>
              <span>{control}</span>
            </Tooltip>
          )}
        </span>
      </div>
      <div className={styles.description}>{card.description}</div>
    </Card>
  );
}

/** 规则预置 (preset rules): switches for admins, shown disabled to users so the state stays readable. */
export function RulesSection({ search }: { search: string }) {
  const t = useT();
  const admin = usePermission('card:manage');
  const query = useQuery(rulesQuery());
  const cards = query.data ?? [];
  return (
    <CardGrid
      title={t('cardList.tab.title.preset')}
      loading={query.isLoading}
      skeletons={6}
      hasAny={cards.length > 0}
      items={cards.filter((c) => matches(search, c.title, c.description)).map((card) => <RuleItem key={card.id} card={card} admin={admin} />)}
    />
  );
}
