import { Button, Card, Form, InputNumber, Message, Select, Skeleton, Space } from '@arco-design/web-react';
import {
  audioCaptureChannels,
  audioProfiles,
  GROUP_DESCRIPTION_MAX,
  groupFormSchema,
  parameterModes,
  parameterRanges,
  videoProfiles,
  videoResolutions,
  type BasicProfile,
  type GroupForm,
} from '@atrium/contracts/demo/profile/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CountedTextArea } from '../../../components/counted-input';
import { applyFieldIssues, applyServerErrors, zodIssues, zodRule } from '../../../lib/form-rules';
import { useT } from '../../../lib/i18n';
import { basicProfileQuery, profileKeys } from '../profile-queries';
import { submitGroupForm } from './api/group-form-queries';
import styles from './group-form.module.css';
import { fieldSchema, sameParameters } from './lib/fields';
import { queryClient } from '../../../lib/query-client';

type Range = { min: number; max: number };

function loadedValues(profile: BasicProfile): GroupForm {
  return { video: profile.video, audio: profile.audio, description: '' };
}

/**
 * 分组表单 (group form): edits the current video and audio parameters. A submit stores them as the
 * current parameters under approval (the basic profile shows the change), so the form starts from
 * what the server holds.
 */
/** What a visit shows first, asked for ahead of it (the menu, on hover or focus). */
export function prefetch(): Promise<unknown> {
  return queryClient.prefetchQuery(basicProfileQuery());
}

export default function GroupFormPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GroupForm>();
  const profile = useQuery(basicProfileQuery());

  useEffect(() => {
    if (profile.data) form.setFieldsValue(loadedValues(profile.data));
  }, [profile.data, form]);

  const submit = useMutation({
    mutationFn: submitGroupForm,
    onSuccess: (updated) => {
      queryClient.setQueryData(profileKeys.basic(), updated);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      Message.success(t('groupForm.submitSuccess'));
      navigate('/profile/basic');
    },
    onError: (error) => applyServerErrors(form, error, 'data'),
  });

  const onSubmit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    const parsed = groupFormSchema.safeParse(form.getFieldsValue());
    if (!parsed.success) {
      applyFieldIssues(form, zodIssues(parsed.error, t));
      return;
    }
    const current = profile.data;
    if (current && sameParameters({ video: parsed.data.video, audio: parsed.data.audio }, { video: current.video, audio: current.audio })) {
      Message.warning(t('groupForm.error.unchanged'));
      return;
    }
    submit.mutate(parsed.data);
  };

  const reset = () => {
    form.resetFields();
    if (profile.data) form.setFieldsValue(loadedValues(profile.data));
  };

  const item = (field: string, labelKey: string, control: ReactNode) => (
    <Form.Item label={t(labelKey)} field={field} required rules={[zodRule(fieldSchema(field), t)]}>
      {control}
    </Form.Item>
  );
  const select = (values: readonly (string | number)[], translate?: (v: string) => string) => (
    <Select placeholder={t('groupForm.placeholder.select')} options={values.map((value) => ({ value, label: translate ? translate(String(value)) : String(value) }))} />
  );
  const number = (range: Range, suffix: string) => (
    // No min/max props: they would clamp silently, while the rule explains the range. The ARIA range is
    // given explicitly (Arco would announce ±Infinity).
    <InputNumber
      precision={0}
      suffix={suffix}
      placeholder={t('groupForm.placeholder.range', { min: range.min, max: range.max })}
      aria-valuemin={range.min}
      aria-valuemax={range.max}
    />
  );
  const modes = (v: string) => t(`groupForm.option.mode.${v}`);

  const loading = !profile.data;
  const body = (content: ReactNode) => (loading ? <Skeleton text={{ rows: 4 }} animation /> : content);

  return (
    <div className={styles.page}>
      <Form id="group-form" form={form} layout="vertical" autoComplete="off" className={styles.form}>
        <Space direction="vertical" size={16} className={styles.cards}>
          <Card bordered={false} title={t('groupForm.title.video')}>
            {body(
              <div className={styles.fields}>
                {item('video.mode', 'groupForm.form.label.video.mode', select(parameterModes, modes))}
                {item('video.acquisition.resolution', 'groupForm.form.label.video.acquisition.resolution', select(videoResolutions))}
                {item('video.acquisition.frameRate', 'groupForm.form.label.video.acquisition.frameRate', number(parameterRanges.frameRate, 'fps'))}
                {item('video.encoding.resolution', 'groupForm.form.label.video.encoding.resolution', select(videoResolutions))}
                {item('video.encoding.rate.min', 'groupForm.form.label.video.encoding.rate.min', number(parameterRanges.videoRate, 'bps'))}
                {item('video.encoding.rate.max', 'groupForm.form.label.video.encoding.rate.max', number(parameterRanges.videoRate, 'bps'))}
                {item('video.encoding.rate.default', 'groupForm.form.label.video.encoding.rate.default', number(parameterRanges.videoRate, 'bps'))}
                {item('video.encoding.frameRate', 'groupForm.form.label.video.encoding.frameRate', number(parameterRanges.frameRate, 'fps'))}
                {item('video.encoding.profile', 'groupForm.form.label.video.encoding.profile', select(videoProfiles))}
              </div>,
            )}
          </Card>
          <Card bordered={false} title={t('groupForm.title.audio')}>
            {body(
              <div className={styles.fields}>
                {item('audio.mode', 'groupForm.form.label.audio.mode', select(parameterModes, modes))}
                {item('audio.acquisition.channels', 'groupForm.form.label.audio.acquisition.channels', select(audioCaptureChannels))}
                {item('audio.encoding.channels', 'groupForm.form.label.audio.encoding.channels', number(parameterRanges.audioChannels, t('groupForm.unit.channels')))}
                {item('audio.encoding.rate', 'groupForm.form.label.audio.encoding.rate', number(parameterRanges.audioRate, 'kbps'))}
                {item('audio.encoding.profile', 'groupForm.form.label.audio.encoding.profile', select(audioProfiles))}
              </div>,
            )}
          </Card>
          <Card bordered={false} title={t('groupForm.title.description')}>
            {body(
              <Form.Item label={t('groupForm.form.label.parameterDescription')} field="description" rules={[zodRule(fieldSchema('description'), t)]}>
                <CountedTextArea
                  placeholder={t('groupForm.placeholder.description')}
                  maxLength={GROUP_DESCRIPTION_MAX}
                  autoSize={{ minRows: 3, maxRows: 6 }}
                />
              </Form.Item>,
            )}
          </Card>
        </Space>
      </Form>
      <div className={styles.actions}>
        <Space>
          <Button onClick={reset} disabled={loading}>
            {t('groupForm.reset')}
          </Button>
          <Button type="primary" loading={submit.isPending} disabled={loading} onClick={onSubmit}>
            {t('groupForm.submit')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
