import { Badge, Button, Card, Descriptions, Empty, Form, Input, Link, Message, Popconfirm, Select, Space, Spin, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import {
  certificationApplyBodySchema,
  certificateTypes,
  enterpriseCertificateTypes,
  type CertificationApply,
  type CertificationRecord,
} from '@atrium/contracts/calls/user-setting';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { applyCertification, certificationKey, certificationQuery, withdrawCertification } from '../api/user-setting-queries';
import styles from '../user-setting.module.css';
import { DialogDrawer } from '../../../components/dialog-drawer';
import { DialogModal } from '../../../components/dialog-modal';

const recordStatus = {
  0: { badge: 'processing', key: 'userSetting.certification.cell.auditing' },
  1: { badge: 'success', key: 'userSetting.certification.cell.pass' },
  2: { badge: 'default', key: 'userSetting.certification.cell.withdrawn' },
} as const;

function ApplyDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CertificationApply>();
  const shape = certificationApplyBodySchema.shape;
  const apply = useMutation({
    mutationFn: applyCertification,
    onSuccess: () => {
      Message.success(t('userSetting.certification.apply.success'));
      void queryClient.invalidateQueries({ queryKey: certificationKey });
      onClose();
    },
    // 409 (an application under review) is explained by the transport toast with the server's text.
    onError: (error) => applyServerErrors(form, error),
  });
  return (
    <DialogModal
      title={t('userSetting.certification.apply.title')}
      visible={visible}
      style={{ width: 560, maxWidth: '100%' }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={apply.isPending}
      onOk={async () => {
        try {
          await form.validate();
        } catch {
          return;
        }
        const parsed = certificationApplyBodySchema.safeParse(form.getFieldsValue());
        if (parsed.success) apply.mutate(parsed.data);
      }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      unmountOnExit
    >
      <Form id="certification-apply" form={form} layout="vertical" autoComplete="off" initialValues={{ enterpriseCertificateType: 'businessLicense', certificateType: 'idCard' }}>
        <Form.Item label={t('userSetting.certification.label.enterpriseName')} field="enterpriseName" required rules={[zodRule(shape.enterpriseName, t)]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('userSetting.certification.label.enterpriseCertificateType')} field="enterpriseCertificateType" required rules={[zodRule(shape.enterpriseCertificateType, t)]}>
          <Select options={enterpriseCertificateTypes.map((value) => ({ value, label: t(`userSetting.certification.enterpriseCertificateType.${value}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('userSetting.certification.label.organizationCode')}
          field="organizationCode"
          required
          rules={[zodRule(shape.organizationCode, t)]}
          normalize={(v?: string) => (v ?? '').toUpperCase()}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item label={t('userSetting.certification.label.legalPerson')} field="legalPerson" required rules={[zodRule(shape.legalPerson, t)]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('userSetting.certification.label.certificateType')} field="certificateType" required rules={[zodRule(shape.certificateType, t)]}>
          <Select options={certificateTypes.map((value) => ({ value, label: t(`userSetting.certification.certificateType.${value}`) }))} />
        </Form.Item>
        <Form.Item label={t('userSetting.certification.label.authenticationNumber')} field="authenticationNumber" required rules={[zodRule(shape.authenticationNumber, t)]}>
          <Input maxLength={18} />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}

/** 实名认证 (certification): the enterprise card, the records, applications and withdrawals. */
export function CertificationTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const certification = useQuery(certificationQuery());
  const [applying, setApplying] = useState(false);
  const [detail, setDetail] = useState<CertificationRecord | null>(null);
  const withdraw = useMutation({
    mutationFn: withdrawCertification,
    onSuccess: () => {
      Message.success(t('userSetting.certification.withdraw.success'));
      void queryClient.invalidateQueries({ queryKey: certificationKey });
    },
  });
  const info = certification.data?.enterpriseInfo ?? null;

  const columns: TableColumnProps<CertificationRecord>[] = [
    { title: t('userSetting.certification.columns.certificationType'), dataIndex: 'certificationType', render: () => t('userSetting.certification.cell.certificationType') },
    { title: t('userSetting.certification.columns.certificationContent'), dataIndex: 'certificationContent' },
    {
      title: t('userSetting.certification.columns.status'),
      dataIndex: 'status',
      render: (status: CertificationRecord['status']) => <Badge status={recordStatus[status].badge} text={t(recordStatus[status].key)} />,
    },
    { title: t('userSetting.certification.columns.time'), dataIndex: 'time', render: (time: string) => formatDateTime(time) },
    {
      title: t('userSetting.certification.columns.operation'),
      render: (_: unknown, record: CertificationRecord) => (
        <Space size={4}>
          <Button type="text" size="small" onClick={() => setDetail(record)}>
            {t('userSetting.certification.button.check')}
          </Button>
          {record.status === 0 && (
            <Popconfirm
              title={t('userSetting.certification.withdraw.confirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onOk={() => withdraw.mutateAsync(record.id).catch(() => undefined)}
            >
              <Button type="text" size="small" status="warning">
                {t('userSetting.certification.button.withdraw')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const detailRows = (record: CertificationRecord) => [
    { label: t('userSetting.certification.label.enterpriseName'), value: record.detail.enterpriseName },
    { label: t('userSetting.certification.label.enterpriseCertificateType'), value: t(`userSetting.certification.enterpriseCertificateType.${record.detail.enterpriseCertificateType}`) },
    { label: t('userSetting.certification.label.organizationCode'), value: record.detail.organizationCode },
    { label: t('userSetting.certification.label.legalPerson'), value: record.detail.legalPerson },
    { label: t('userSetting.certification.label.certificateType'), value: t(`userSetting.certification.certificateType.${record.detail.certificateType}`) },
    { label: t('userSetting.certification.label.authenticationNumber'), value: record.detail.authenticationNumber },
    { label: t('userSetting.certification.columns.status'), value: <Badge status={recordStatus[record.status].badge} text={t(recordStatus[record.status].key)} /> },
    { label: t('userSetting.certification.columns.time'), value: formatDateTime(record.time) },
  ];

  return (
    <Spin loading={certification.isLoading} block>
      <Space direction="vertical" size={16} className={styles.full}>
        <Card
          className={styles.innerCard}
          title={t('userSetting.certification.title.enterprise')}
          extra={<Link onClick={() => setApplying(true)}>{t('userSetting.certification.extra.enterprise')}</Link>}
        >
          {info ? (
            <Descriptions
              layout="inline-horizontal"
              column={{ xs: 1, md: 2, lg: 3 }}
              data={[
                { label: t('userSetting.certification.label.accountType'), value: t(`userSetting.certification.accountType.${info.accountType}`) },
                {
                  label: t('userSetting.certification.label.status'),
                  value: <Tag color={info.status === 1 ? 'green' : 'gray'}>{t(info.status === 1 ? 'userSetting.label.certified' : 'userSetting.label.uncertified')}</Tag>,
                },
                { label: t('userSetting.certification.label.time'), value: formatDateTime(info.time) },
                { label: t('userSetting.certification.label.legalPerson'), value: info.legalPerson },
                { label: t('userSetting.certification.label.certificateType'), value: t(`userSetting.certification.certificateType.${info.certificateType}`) },
                { label: t('userSetting.certification.label.authenticationNumber'), value: info.authenticationNumber },
                { label: t('userSetting.certification.label.enterpriseName'), value: info.enterpriseName },
                {
                  label: t('userSetting.certification.label.enterpriseCertificateType'),
                  value: t(`userSetting.certification.enterpriseCertificateType.${info.enterpriseCertificateType}`),
                },
                { label: t('userSetting.certification.label.organizationCode'), value: info.organizationCode },
              ]}
            />
          ) : (
            <Empty description={t('common.noData')} />
          )}
        </Card>
        <Card className={styles.innerCard} title={t('userSetting.certification.title.record')}>
          <Table<CertificationRecord> rowKey="id" border={false} pagination={false} columns={columns} data={certification.data?.record ?? []} />
        </Card>
      </Space>
      <ApplyDialog visible={applying} onClose={() => setApplying(false)} />
      <DialogDrawer width={480} title={t('userSetting.certification.detail.title')} visible={detail !== null} onCancel={() => setDetail(null)} footer={null} unmountOnExit>
        {detail && <Descriptions column={1} labelStyle={{ width: 160 }} data={detailRows(detail)} />}
      </DialogDrawer>
    </Spin>
  );
}
