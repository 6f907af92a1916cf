import { Badge, Button, Descriptions, Form, Message, Popconfirm, Skeleton, Space } from '@arco-design/web-react';
import type { CollectionCreateBody, CollectionDetail } from '@atrium/contracts/demo/search-table/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { deleteCollection, collectionDetailQuery, collectionKeys, updateCollection } from '../api/search-table-queries';
import { contentTypeKey, filterTypeKey, statusKey } from '../lib/labels';
import { CollectionFields, readCollectionForm, type CollectionFormValues } from './collection-form';
import { DialogDrawer } from '../../../components/dialog-drawer';

interface DetailDrawerProps {
  id: number | null;
  onClose: () => void;
}

/** 查看 (view, admin): details, then 编辑 in place or 删除 after a confirmation. */
export function DetailDrawer({ id, onClose }: DetailDrawerProps) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<CollectionFormValues>();
  const detail = useQuery({ ...collectionDetailQuery(id ?? 0), enabled: id !== null });

  useEffect(() => setEditing(false), [id]);

  // Deleted by someone else: the transport toasted NOT_FOUND; close and refresh the table.
  useEffect(() => {
    if (isApiError(detail.error) && detail.error.key === 'NOT_FOUND') {
      onClose();
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
    }
  }, [detail.error, onClose, queryClient]);

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });

  const save = useMutation({
    mutationFn: (values: CollectionCreateBody) => updateCollection(id!, values),
    onSuccess: (row) => {
      Message.success(t('common.saveSuccess'));
      queryClient.setQueryData(collectionKeys.detail(row.id), row);
      setEditing(false);
      void refreshLists();
    },
    onError: (error) => {
      if (isApiError(error) && error.key === 'NOT_FOUND') {
        onClose();
        void refreshLists();
        return;
      }
      applyServerErrors(form, error);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteCollection(id!),
    onSuccess: () => {
      Message.success(t('common.deleteSuccess'));
      onClose();
      void refreshLists();
    },
    onError: (error) => {
      if (isApiError(error) && error.key === 'NOT_FOUND') {
        onClose();
        void refreshLists();
      }
    },
  });

  const row: CollectionDetail | undefined = detail.data;
  const data = row
    ? [
        { label: t('searchTable.columns.number'), value: row.number },
        { label: t('searchTable.columns.name'), value: row.name },
        { label: t('searchTable.columns.contentType'), value: t(contentTypeKey(row.contentType)) },
        { label: t('searchTable.columns.filterType'), value: t(filterTypeKey(row.filterType)) },
        { label: t('searchTable.columns.count'), value: row.count.toLocaleString(locale) },
        { label: t('searchTable.columns.createdTime'), value: formatDateTime(row.createdTime) },
        {
          label: t('searchTable.columns.status'),
          value: <Badge status={row.status === 'online' ? 'success' : 'default'} text={t(statusKey(row.status))} />,
        },
        { label: t('searchTable.columns.department'), value: row.labels.department[row.department] ?? '' },
        { label: t('searchTable.columns.owner'), value: row.labels.owner[row.owner] ?? '' },
        { label: t('searchTable.detail.updatedAt'), value: formatDateTime(row.updatedAt) },
      ]
    : [];

  const footer = editing ? (
    <Space>
      <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
      <Button
        type="primary"
        loading={save.isPending}
        onClick={async () => {
          const values = await readCollectionForm(form);
          if (values) save.mutate(values);
        }}
      >
        {t('common.save')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button disabled={!row} onClick={() => setEditing(true)}>
        {t('common.edit')}
      </Button>
      <Popconfirm
        title={t('searchTable.delete.confirm')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ status: 'danger' }}
        onOk={() => remove.mutateAsync().catch(() => undefined)}
      >
        <Button status="danger" disabled={!row} loading={remove.isPending}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <DialogDrawer
      width={480}
      title={t(editing ? 'searchTable.edit.title' : 'searchTable.detail.title')}
      visible={id !== null}
      onCancel={onClose}
      footer={footer}
      unmountOnExit
    >
      {detail.isLoading || !row ? (
        <Skeleton text={{ rows: 8 }} animation />
      ) : editing ? (
        <CollectionFields
          form={form}
          initialValues={{ name: row.name, contentType: row.contentType, filterType: row.filterType, count: row.count, status: row.status, department: String(row.department), owner: String(row.owner) }}
          ownerLabel={row.labels.owner[row.owner]}
        />
      ) : (
        <Descriptions column={1} data={data} labelStyle={{ width: 120 }} border={false} />
      )}
    </DialogDrawer>
  );
}
