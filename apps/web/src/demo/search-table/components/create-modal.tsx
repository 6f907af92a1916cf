import { Form, Message } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyServerErrors } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { createCollection, collectionKeys } from '../api/search-table-queries';
import { CollectionFields, readCollectionForm, type CollectionFormValues } from './collection-form';
import { DialogModal } from '../../../components/dialog-modal';

/** 新建 (create): POST, toast, close, and the table refetches with its filters and page. */
export function CreateModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const [form] = Form.useForm<CollectionFormValues>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createCollection,
    onSuccess: () => {
      Message.success(t('common.createSuccess'));
      void queryClient.invalidateQueries({ queryKey: collectionKeys.lists() });
      onClose();
    },
    onError: (error) => applyServerErrors(form, error),
  });

  return (
    <DialogModal
      title={t('searchTable.create.title')}
      visible={visible}
      style={{ width: 520, maxWidth: '100%' }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={mutation.isPending}
      onOk={async () => {
        const values = await readCollectionForm(form);
        if (values) mutation.mutate(values);
      }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <CollectionFields form={form} />
    </DialogModal>
  );
}
