import { Button, Card, Descriptions, Form, Input, Message, Popconfirm } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { qualityCreateBodySchema, type QualityCard } from '@atrium/contracts/demo/card/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePermission } from '../../../components/permission';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { cardKeys, createQueue, deleteQueue, inspectQueue, qualityQuery } from '../api/card-queries';
import styles from '../card-page.module.css';
import { CardGrid, matches } from './card-grid';
import { DialogModal } from '../../../components/dialog-modal';

function QualityItem({ card, admin }: { card: QualityCard; admin: boolean }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const value = (label: QualityCard['data'][number]['label']) => card.data.find((d) => d.label === label)?.value ?? 0;
  const remove = useMutation({
    mutationFn: () => deleteQueue(card.id),
    onSuccess: () => {
      Message.success(t('common.deleteSuccess'));
      void queryClient.invalidateQueries({ queryKey: cardKeys.quality });
    },
  });
  const inspect = useMutation({
    mutationFn: () => inspectQueue(card.id),
    onSuccess: (updated) => {
      queryClient.setQueryData<QualityCard[]>(cardKeys.quality, (old) => old?.map((c) => (c.id === updated.id ? updated : c)));
      Message.success(t('cardList.content.inspection.success'));
    },
  });
  const data = [
    { label: t('cardList.content.data.pendingInspection'), value: value('pendingInspection').toLocaleString(locale) },
    { label: t('cardList.content.data.backlog'), value: `${value('backlog').toLocaleString(locale)}s` },
    { label: t('cardList.content.data.pendingSampling'), value: value('pendingSampling').toLocaleString(locale) },
  ];
  return (
    <Card bordered={false} hoverable className={styles.card} title={card.title} data-card="quality">
      <div className={styles.meta}>{t('cardList.content.createdAt', { time: formatDateTime(card.description) })}</div>
      <Descriptions layout="inline-horizontal" column={2} data={data} className={styles.descriptions} />
      {admin && (
        <div className={styles.actions}>
          <Popconfirm title={t('cardList.content.delete.confirm')} okText={t('common.ok')} cancelText={t('common.cancel')} onOk={() => remove.mutateAsync().catch(() => undefined)}>
            <Button type="secondary" loading={remove.isPending}>
              {t('cardList.content.delete')}
            </Button>
          </Popconfirm>
          <Button type="primary" loading={inspect.isPending} disabled={value('pendingInspection') === 0} onClick={() => inspect.mutate()}>
            {t('cardList.content.inspection')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function CreateQueueModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<{ title: string }>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (title: string) => createQueue(title),
    onSuccess: () => {
      Message.success(t('common.createSuccess'));
      void queryClient.invalidateQueries({ queryKey: cardKeys.quality });
      onClose();
    },
    onError: (error) => applyServerErrors(form, error),
  });
  return (
    <DialogModal
      title={t('cardList.content.create.title')}
      visible={visible}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={async () => {
        try {
          const { title } = await form.validate();
          create.mutate(title.trim());
        } catch {
          // field errors are shown on the form
        }
      }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form id="quality" form={form} layout="vertical" onSubmit={() => undefined}>
        <Form.Item label={t('cardList.content.form.title')} field="title" required rules={[zodRule(qualityCreateBodySchema.shape.title, t)]}>
          <Input placeholder={t('cardList.content.form.title.placeholder')} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

/** 内容质检: the quality-inspection queues. */
export function QualitySection({ search }: { search: string }) {
  const t = useT();
  const admin = usePermission('card:manage');
  const query = useQuery(qualityQuery());
  const [creating, setCreating] = useState(false);
  const cards = query.data ?? [];
  const shown = cards.filter((c) => matches(search, c.title, c.description));
  const createTile = admin ? (
    <button type="button" className={styles.createTile} onClick={() => setCreating(true)}>
      <IconPlus className={styles.createIcon} aria-hidden />
      <span>{t('cardList.content.action')}</span>
    </button>
  ) : null;
  return (
    <>
      <CardGrid
        title={t('cardList.tab.title.content')}
        loading={query.isLoading}
        skeletons={3}
        hasAny={cards.length > 0}
        leading={createTile}
        items={shown.map((card) => (
          <QualityItem key={card.id} card={card} admin={admin} />
        ))}
      />
      {admin && <CreateQueueModal visible={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
