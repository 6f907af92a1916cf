import { Avatar, Button, Card, Message, Popconfirm, Tag, Tooltip } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import type { ServiceCard } from '@atrium/contracts/demo/card/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePermission } from '../../../components/permission';
import { useT } from '../../../lib/i18n';
import { cardKeys, renewService, servicesQuery, setServiceEnabled } from '../api/card-queries';
import styles from '../card-page.module.css';
import { CardGrid, matches } from './card-grid';

type Action = 'renew' | 'cancel' | 'open';

function ServiceItem({ card, admin }: { card: ServiceCard; admin: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  // Each action persists on the server; the card is replaced by the answer.
  const act = useMutation({
    mutationFn: (action: Action) => (action === 'renew' ? renewService(card.id) : setServiceEnabled(card.id, action === 'open')),
    onSuccess: (updated, action) => {
      queryClient.setQueryData<ServiceCard[]>(cardKeys.services, (old) => old?.map((c) => (c.id === updated.id ? updated : c)));
      Message.success(t({ renew: 'cardList.service.renewSuccess', cancel: 'cardList.service.cancelSuccess', open: 'cardList.service.openSuccess' }[action]));
    },
  });
  const tag = card.expires ? (
    <Tag color="red">{t('cardList.service.expiresTag')}</Tag>
  ) : card.enable ? (
    <Tag color="green" icon={<IconCheckCircleFill />}>
      {t('cardList.service.tag')}
    </Tag>
  ) : null;

  let button = null;
  if (admin) {
    if (card.expires) {
      button = (
        <Button type="outline" loading={act.isPending} onClick={() => act.mutate('renew')}>
          {t('cardList.service.renew')}
        </Button>
      );
    } else if (card.enable) {
      button = (
        <Popconfirm title={t('cardList.service.cancel.confirm')} okText={t('common.ok')} cancelText={t('common.cancel')} onOk={() => act.mutateAsync('cancel').catch(() => undefined)}>
          <Button type="secondary" loading={act.isPending}>
            {t('cardList.service.cancel')}
          </Button>
        </Popconfirm>
      );
    } else {
      button = (
        <Button type="outline" loading={act.isPending} onClick={() => act.mutate('open')}>
          {t('cardList.service.open')}
        </Button>
      );
    }
  }

  return (
    <Card bordered={false} hoverable className={styles.card} data-card="service">
      <div className={styles.cardHead}>
        <Avatar size={24} className={styles.serviceAvatar}>
          {card.icon}
        </Avatar>
        <span className={styles.cardTitle}>{card.title}</span>
        {tag}
      </div>
      <Tooltip content={card.description}>
        <div className={styles.description}>{card.description}</div>
      </Tooltip>
      {button && <div className={styles.actions}>{button}</div>}
    </Card>
  );
}

/** 开通服务: the services. */
export function ServiceSection({ search }: { search: string }) {
  const t = useT();
  const admin = usePermission('card:manage');
  const query = useQuery(servicesQuery());
  const cards = query.data ?? [];
  return (
    <CardGrid
      title={t('cardList.tab.title.service')}
      loading={query.isLoading}
      skeletons={4}
      hasAny={cards.length > 0}
      items={cards.filter((c) => matches(search, c.title, c.description)).map((card) => <ServiceItem key={card.id} card={card} admin={admin} />)}
    />
  );
}
