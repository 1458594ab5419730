/** The grid's 列设置: a checkbox a column to show or hide it, and 重置 to the default columns. */
import { Button, Checkbox, Popover, Tooltip } from 'antd'
import { SettingOutlined } from '@ant-design/icons'
import type { GridLayout } from '@app/contract'
import type { GridColumn } from './columns'
import { resetColumns, showColumn } from './gridLayout'
import styles from './transport.module.css'

export default function ColumnSettings({ columns, layout, setLayout }: {
  /** the grid's columns as this user starts with them (重置 goes back to them) */
  columns: readonly GridColumn[]
  layout: GridLayout
  setLayout: (change: (layout: GridLayout) => GridLayout) => void
}) {
  const titles = new Map(columns.map((c) => [c.key, c.title]))
  const hidden = new Set(layout.hidden)
  const content = (
    <div className={styles.columnSettings} data-testid="column-settings">
      <div className={styles.columnSettingsHead}>
        <span>列展示</span>
        <Button type="link" size="small" onClick={() => setLayout((l) => resetColumns(l, columns))}>重置</Button>
      </div>
      <div className={styles.columnSettingsList}>
        {layout.order.map((key) => (
          <Checkbox key={key} checked={!hidden.has(key)} onChange={(e) => setLayout((l) => showColumn(l, key, e.target.checked))}>
            {titles.get(key)}
          </Checkbox>
        ))}
      </div>
    </div>
  )
  return (
    <Popover trigger="click" placement="bottomRight" content={content} arrow={false}>
      <Tooltip title="列设置">
        <Button type="text" icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  )
}
