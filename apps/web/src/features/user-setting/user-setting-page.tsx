import { Card, Form, Tabs } from '@arco-design/web-react';
import type { SaveInfoInput } from '@atrium/contracts/calls/user-setting';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { BasicInfoForm } from './components/basic-info-form';
import { CertificationTab } from './components/certification-tab';
import { SecuritySettings } from './components/security-settings';
import { UserPanel } from './components/user-panel';
import styles from './user-setting.module.css';

const tabs = ['basic', 'security', 'certification'] as const;
type Tab = (typeof tabs)[number];
const titles: Record<Tab, string> = {
  basic: 'userSetting.tab.basicInformation',
  security: 'userSetting.tab.securitySettings',
  certification: 'userSetting.tab.certification',
};

/** 用户设置 (user setting): the active tab lives in the URL (`?tab=`, omitted for 基础信息). */
export default function UserSettingPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'basic';
  const [basicForm] = Form.useForm<SaveInfoInput>();
  const select = (key: string) => setParams(key === 'basic' ? {} : { tab: key });
  const tabsRoot = useRef<HTMLDivElement>(null);

  // Arco's tab headers carry role="tab" without a tablist around them: complete the ARIA pattern.
  useEffect(() => {
    tabsRoot.current?.querySelectorAll('.arco-tabs-header').forEach((el) => el.setAttribute('role', 'tablist'));
  });

  const editEmail = () => {
    select('basic');
    // Once the basic tab is shown, put the cursor in the email field.
    setTimeout(() => document.querySelector<HTMLInputElement>('#email_input, input[id$="email_input"]')?.focus(), 50);
  };

  return (
    <div className={styles.page}>
      <UserPanel />
      <Card bordered={false} className={styles.tabsCard}>
        <div ref={tabsRoot}>
        <Tabs type="rounded" activeTab={tab} onChange={select} lazyload>
          {tabs.map((key) => (
            <Tabs.TabPane key={key} title={t(titles[key])}>
              <div className={styles.pane}>
                {key === 'basic' && <BasicInfoForm form={basicForm} />}
                {key === 'security' && <SecuritySettings onEditEmail={editEmail} />}
                {key === 'certification' && <CertificationTab />}
              </div>
            </Tabs.TabPane>
          ))}
        </Tabs>
        </div>
      </Card>
    </div>
  );
}
