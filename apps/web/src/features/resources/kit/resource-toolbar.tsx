import { Button, Checkbox, Dropdown, Link, Menu, Popover, Space, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconLineHeight, IconPlus, IconRefresh, IconSettings, IconUpload } from '@arco-design/web-react/icon';
import { useT } from '../../../lib/i18n';
import styles from './resource-page.module.css';
import { densities, type Density } from './table-preferences';

interface ResourceToolbarProps {
  canWrite: boolean;
  canExport: boolean;
  exporting: boolean;
  /** 导入's label for a role holding `<name>:import` (with the progress of an import running); absent: no button. */
  importLabel?: string;
  onImport: () => void;
  density: Density;
  /** Every column the operator may show, in the table's order. */
  columns: { key: string; title: string; visible: boolean }[];
  onCreate: () => void;
  /** The export in one format: a CSV file or an Excel workbook. */
  onExport: (format: 'csv' | 'xlsx') => void;
  onRefresh: () => void;
  onDensity: (density: Density) => void;
  onColumn: (key: string, visible: boolean) => void;
  onColumnsReset: () => void;
}

/** 新建, 导入 and 导出 by permission (the page decides); refresh, density and columns for everyone. */
export function ResourceToolbar(props: ResourceToolbarProps) {
  const t = useT();
  const shown = props.columns.filter((c) => c.visible).length;
  const densityMenu = (
    <Menu selectedKeys={[props.density]} onClickMenuItem={(key) => props.onDensity(key as Density)}>
      {densities.map((density) => (
        <Menu.Item key={density}>{t(`resourcePage.density.${density}`)}</Menu.Item>
      ))}
    </Menu>
  );
  const columnList = (
    <div className={styles.columnSettings}>
      <ul>
        {props.columns.map((column) => (
          <li key={column.key}>
            {/* The last column shown stays: a table of no columns says nothing. */}
            <Checkbox checked={column.visible} disabled={column.visible && shown === 1} onChange={(checked) => props.onColumn(column.key, checked)}>
              {column.title}
            </Checkbox>
          </li>
        ))}
      </ul>
      <Link className={styles.columnReset} onClick={props.onColumnsReset}>
        {t('resourcePage.columnSettings.reset')}
      </Link>
    </div>
  );
  // The list frame lays out the two ends.
  return (
    <>
      <Space wrap>
        {props.canWrite && (
          <Button type="primary" icon={<IconPlus />} onClick={props.onCreate}>
            {t('resourcePage.create')}
          </Button>
        )}
      </Space>
      <Space wrap>
        {props.importLabel !== undefined && (
          <Button icon={<IconUpload />} onClick={props.onImport}>
            {props.importLabel}
          </Button>
        )}
        {props.canExport && (
          <Dropdown
            trigger="click"
            position="br"
            droplist={
              <Menu onClickMenuItem={(key) => props.onExport(key as 'csv' | 'xlsx')}>
                <Menu.Item key="csv">{t('resourcePage.export.csv')}</Menu.Item>
                <Menu.Item key="xlsx">{t('resourcePage.export.xlsx')}</Menu.Item>
              </Menu>
            }
          >
            <Button icon={<IconDownload />} loading={props.exporting}>
              {t('resourcePage.export')}
            </Button>
          </Dropdown>
        )}
        <Tooltip content={t('resourcePage.refresh')}>
          <Button icon={<IconRefresh />} aria-label={t('resourcePage.refresh')} onClick={props.onRefresh} />
        </Tooltip>
        <Dropdown droplist={densityMenu} trigger="click" position="br">
          <span>
            <Tooltip content={t('resourcePage.density')}>
              <Button icon={<IconLineHeight />} aria-label={t('resourcePage.density')} />
            </Tooltip>
          </span>
        </Dropdown>
        <Popover trigger="click" position="br" content={columnList}>
          <span>
            <Tooltip content={t('resourcePage.columnSettings')}>
              <Button icon={<IconSettings />} aria-label={t('resourcePage.columnSettings')} />
            </Tooltip>
          </span>
        </Popover>
      </Space>
    </>
  );
}
