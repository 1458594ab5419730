/** What the row colours mean (spec 001 §2): DANGER_LEVELS' colours and labels. */
import { Space, Typography } from 'antd'
import { DANGER_LEVELS, type DangerLevel } from '@app/contract'
import styles from './transport.module.css'

export default function DangerLegend() {
  return (
    <Space size={12} wrap data-testid="danger-legend">
      {(Object.keys(DANGER_LEVELS) as unknown as DangerLevel[]).map((level) => (
        <Typography.Text key={level} type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
          <span className={styles.legendSwatch} style={{ background: DANGER_LEVELS[level].color }} />
          {DANGER_LEVELS[level].label}
        </Typography.Text>
      ))}
    </Space>
  )
}
