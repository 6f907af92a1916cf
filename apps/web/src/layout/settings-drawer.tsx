import { Alert, Button, ColorPicker, InputNumber, Message, Switch, Tooltip } from '@arco-design/web-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { generatePalette } from '../lib/palette';
import { applyThemeColorDebounced } from '../lib/theme';
import { clampMenuWidth, MENU_WIDTH_MAX, MENU_WIDTH_MIN, pickSettings, settingsToJson, useSettings, type AppSettings } from '../stores/settings';
import { useTabs } from '../stores/tabs';
import styles from './settings-drawer.module.css';
import { DialogDrawer } from '../components/dialog-drawer';

/** Clipboard API, else a hidden textarea and execCommand('copy') (non-secure contexts). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <span>{label}</span>
      {children}
    </div>
  );
}

type SwitchField = 'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'colorWeak';

/** 应用配置 (the settings drawer): changes apply at once and last until the page reloads. */
export function SettingsDrawer() {
  const t = useT();
  const open = useSettings((s) => s.globalSettings);
  const settings = useSettings();
  const update = useSettings((s) => s.update);
  const [width, setWidth] = useState<number | undefined>(settings.menuWidth);
  const shades = useMemo(() => generatePalette(settings.themeColor).light, [settings.themeColor]);

  const toggle = (field: SwitchField, value: boolean) => {
    if (field === 'tabBar') {
      // Off drops kept page states; on starts a new list with the landing page and the current page.
      const location = window.location;
      if (value) useTabs.getState().reset({ path: location.pathname, url: location.pathname + location.search });
    }
    update({ [field]: value } as Partial<AppSettings>);
  };

  const copy = async () => {
    try {
      await copyText(settingsToJson(pickSettings(useSettings.getState())));
      Message.success(t('settings.copySettings.message'));
    } catch {
      Message.error(t('settings.copySettings.failed'));
    }
  };

  const switches: { field: SwitchField; key: string }[] = [
    { field: 'navbar', key: 'settings.navbar' },
    { field: 'menu', key: 'settings.menu' },
    { field: 'topMenu', key: 'settings.topMenu' },
    { field: 'footer', key: 'settings.footer' },
    { field: 'tabBar', key: 'settings.tabBar' },
  ];

  return (
    <DialogDrawer
      width={410}
      title={t('settings.title')}
      visible={open}
      unmountOnExit
      onCancel={() => update({ globalSettings: false })}
      footer={
        <Button type="primary" shape="round" long onClick={copy} data-testid="copy-settings">
          {t('settings.copySettings')}
        </Button>
      }
      className={styles.drawer}
    >
      <Alert type="warning" content={t('settings.alertContent')} className={styles.alert} />
      <h5 className={styles.block}>{t('settings.content')}</h5>
      {switches.map(({ field, key }) => (
        <Row key={field} label={t(key)}>
          <Switch size="small" checked={settings[field]} onChange={(v) => toggle(field, v)} aria-label={t(key)} data-field={field} />
        </Row>
      ))}
      <Row label={t('settings.menuWidth')}>
        <InputNumber
          size="small"
          style={{ width: 80 }}
          step={10}
          min={MENU_WIDTH_MIN}
          max={MENU_WIDTH_MAX}
          value={width}
          onChange={(v) => {
            setWidth(v);
            if (typeof v === 'number' && v >= MENU_WIDTH_MIN && v <= MENU_WIDTH_MAX) update({ menuWidth: v });
          }}
          onBlur={() => {
            const clamped = clampMenuWidth(Number(width));
            setWidth(clamped);
            update({ menuWidth: clamped });
          }}
          aria-label={t('settings.menuWidth')}
        />
      </Row>
      <h5 className={styles.block}>{t('settings.otherSettings')}</h5>
      <Row label={t('settings.colorWeak')}>
        <Switch size="small" checked={settings.colorWeak} onChange={(v) => toggle('colorWeak', v)} aria-label={t('settings.colorWeak')} data-field="colorWeak" />
      </Row>
      <h5 className={styles.block}>{t('settings.themeColor')}</h5>
      <div className={styles.colorRow}>
        <ColorPicker
          value={settings.themeColor}
          onChange={(value) => {
            const color = String(value);
            update({ themeColor: color });
            applyThemeColorDebounced(color);
          }}
          showText
          disabledAlpha
        />
      </div>
      <Tooltip content={t('settings.color.tooltip')}>
        <div className={styles.swatches} data-testid="theme-swatches">
          {shades.map((rgb, i) => (
            <span key={i} className={styles.swatch} style={{ background: `rgb(${rgb})` }} />
          ))}
        </div>
      </Tooltip>
    </DialogDrawer>
  );
}
