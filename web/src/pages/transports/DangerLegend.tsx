/**
 * What the marked rows mean (spec 001 §2): each level's swatch as its rows look (tint and edge), the
 * icon its 磅差 cell shows, the spec's label and what it means for the operator.
 */
import { Space, Typography } from 'antd'
import { EditFilled, WarningFilled } from '@ant-design/icons'
import { DANGER_LEVELS, type DangerLevel } from '@app/contract'
import { DANGER_MARKS, poundOver } from './dangerMarks'
import styles from './transport.module.css'

export default function DangerLegend() {
  return (
    <Space size={16} wrap data-testid="danger-legend">
      {(Object.keys(DANGER_LEVELS) as unknown as DangerLevel[]).map((level) => {
        const mark = DANGER_MARKS[level]
        const Icon = poundOver(Number(level) as DangerLevel) ? WarningFilled : EditFilled
        return (
          <Typography.Text key={level} type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            <span className={styles.legendSwatch} style={{ background: mark.tint, borderLeftColor: mark.edge }} />
            <Icon style={{ color: mark.edge, marginRight: 4 }} />
            <span>{DANGER_LEVELS[level].label}</span>
            <span>：{mark.meaning}</span>
          </Typography.Text>
        )
      })}
    </Space>
  )
}
