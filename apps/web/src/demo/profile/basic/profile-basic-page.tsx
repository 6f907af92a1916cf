import { Button, Card, Message, Popconfirm, Space, Steps } from '@arco-design/web-react';
import type { BasicProfile } from '@atrium/contracts/demo/profile/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useIsMobile } from '../../../stores/settings';
import { basicProfileQuery, profileKeys } from '../profile-queries';
import { approveChange, cancelChange } from './api/basic-queries';
import { OperationLog } from './components/operation-log';
import { ParamDescriptions } from './components/param-descriptions';
import { audioRows, videoRows } from './lib/params';
import styles from './profile-basic.module.css';
import { queryClient } from '../../../lib/query-client';
import { operationLogQuery } from './api/basic-queries';
import { OPERATION_LOG_PAGE_SIZE } from './components/operation-log';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

function stepStatuses(status: BasicProfile['status'] | undefined): [StepStatus, StepStatus, StepStatus] {
  switch (status) {
    case 'approving':
      return ['finish', 'process', 'wait'];
    case 'approved':
      return ['finish', 'finish', 'finish'];
    case 'cancelled':
      return ['finish', 'error', 'wait'];
    default:
      return ['process', 'wait', 'wait'];
  }
}

/** Whether the previous history entry belongs to this app (react-router keeps an index in history.state). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** 基础详情页 (basic profile): the parameter change under approval, from one call, and its log. */
/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(): Promise<unknown> {
  return Promise.all([queryClient.prefetchQuery(basicProfileQuery()), queryClient.prefetchQuery(operationLogQuery(1, OPERATION_LOG_PAGE_SIZE))]);
}

export default function ProfileBasicPage() {
  const t = useT();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery(basicProfileQuery());
  const data = profile.data;
  const loading = !data;

  const onDone = (messageKey: string) => (updated: BasicProfile) => {
    queryClient.setQueryData(profileKeys.basic(), updated);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    Message.success(t(messageKey));
  };
  const approve = useMutation({ mutationFn: approveChange, onSuccess: onDone('basicProfile.approve.success') });
  const cancel = useMutation({ mutationFn: cancelChange, onSuccess: onDone('basicProfile.cancel.success') });
  const approving = data?.status === 'approving';
  const [commit, approval, finish] = stepStatuses(data?.status);

  return (
    <Space direction="vertical" size={16} className={styles.page}>
      <Card
        bordered={false}
        title={t('basicProfile.title.form')}
        extra={
          <Space wrap>
            <Popconfirm title={t('basicProfile.cancel.confirm')} okText={t('common.ok')} cancelText={t('common.cancel')} disabled={!approving} onOk={() => cancel.mutateAsync().catch(() => undefined)}>
              <Button disabled={!approving} loading={cancel.isPending}>
                {t('basicProfile.cancel')}
              </Button>
            </Popconfirm>
            <Popconfirm title={t('basicProfile.approve.confirm')} okText={t('common.ok')} cancelText={t('common.cancel')} disabled={!approving} onOk={() => approve.mutateAsync().catch(() => undefined)}>
              <Button disabled={!approving} loading={approve.isPending}>
                {t('basicProfile.approve')}
              </Button>
            </Popconfirm>
            <Button type="primary" onClick={() => (canGoBack() ? navigate(-1) : navigate('/workplace'))}>
              {t('basicProfile.goBack')}
            </Button>
          </Space>
        }
      >
        <Steps lineless className={styles.steps} direction={mobile ? 'vertical' : 'horizontal'}>
          <Steps.Step title={t('basicProfile.steps.commit')} status={commit} />
          <Steps.Step title={t('basicProfile.steps.approval')} status={approval} description={data?.status === 'cancelled' ? t('basicProfile.steps.cancelled') : undefined} />
          <Steps.Step title={t('basicProfile.steps.finish')} status={finish} />
        </Steps>
      </Card>
      <Card bordered={false}>
        <ParamDescriptions title={t('basicProfile.title.video')} rows={videoRows} source={data} loading={loading} />
        <ParamDescriptions title={t('basicProfile.title.audio')} rows={audioRows} source={data} loading={loading} />
      </Card>
      <Card bordered={false}>
        <ParamDescriptions title={t('basicProfile.title.preVideo')} rows={videoRows} source={data?.original ?? null} loading={loading} />
        <ParamDescriptions title={t('basicProfile.title.preAudio')} rows={audioRows} source={data?.original ?? null} loading={loading} />
      </Card>
      <OperationLog />
    </Space>
  );
}
