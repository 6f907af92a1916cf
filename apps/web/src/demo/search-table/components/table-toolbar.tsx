import { Button, Dropdown, Menu, Space, Tooltip } from '@arco-design/web-react';
import { IconDownload, IconLineHeight, IconPlus, IconRefresh, IconUpload } from '@arco-design/web-react/icon';
import { tableDensities } from '@atrium/contracts/demo/search-table/index';
import { Permission } from '../../../components/permission';
import { useT } from '../../../lib/i18n';
import type { ColumnKey, ColumnSetting, Density } from '../lib/columns';
import { ColumnSettings } from './column-settings';

interface TableToolbarProps {
  density: Density;
  columns: ColumnSetting[];
  downloading: boolean;
  titleOf: (key: ColumnKey) => string;
  onCreate: () => void;
  onImport: () => void;
  onDownload: () => void;
  onRefresh: () => void;
  onDensity: (density: Density) => void;
  onColumns: (columns: ColumnSetting[]) => void;
}

/** Toolbar: 新建, 批量导入 and 下载 by permission (collection:write, collection:import, collection:export); refresh, density and columns for everyone. */
export function TableToolbar(props: TableToolbarProps) {
  const t = useT();
  const densityMenu = (
    <Menu selectedKeys={[props.density]} onClickMenuItem={(key) => props.onDensity(key as Density)}>
      {tableDensities.map((density) => (
        <Menu.Item key={density}>{t(`searchTable.size.${density}`)}</Menu.Item>
      ))}
    </Menu>
  );
  // The list frame lays out the two ends.
  return (
    <>
      <Space wrap>
        <Permission need="collection:write">
          <Button type="primary" icon={<IconPlus />} onClick={props.onCreate}>
            {t('searchTable.operation.create')}
          </Button>
        </Permission>
        <Permission need="collection:import">
          <Button icon={<IconUpload />} onClick={props.onImport}>
            {t('searchTable.operation.import')}
          </Button>
        </Permission>
      </Space>
      <Space wrap>
        <Permission need="collection:export">
          <Button icon={<IconDownload />} loading={props.downloading} onClick={props.onDownload}>
            {t('searchTable.operation.download')}
          </Button>
        </Permission>
        <Tooltip content={t('searchTable.actions.refresh')}>
          <Button icon={<IconRefresh />} aria-label={t('searchTable.actions.refresh')} onClick={props.onRefresh} />
        </Tooltip>
        <Dropdown droplist={densityMenu} trigger="click" position="br">
          <span>
            <Tooltip content={t('searchTable.actions.density')}>
              <Button icon={<IconLineHeight />} aria-label={t('searchTable.actions.density')} />
            </Tooltip>
          </span>
        </Dropdown>
        <ColumnSettings columns={props.columns} onChange={props.onColumns} titleOf={props.titleOf} />
      </Space>
    </>
  );
}
