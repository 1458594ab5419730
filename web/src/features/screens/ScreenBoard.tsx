/**
 * The big screen itself (数据大屏, issue 36): a dark 1920×1080 board scaled as a whole to the space it
 * has (a page's width, or the whole screen after 全屏), with today's headline figures, the by-base and
 * by-province bars (headquarters), today's inspections by status and the abnormal share of the
 * measurements. Plain React and CSS, no antd: the public embed page shows it without the back office.
 * The page around it fetches the figures (every SCREEN_REFRESH_MS) and may add buttons (`actions`).
 */
import { lazy, Suspense, useRef, type ReactNode } from 'react'
import type { ScreenData } from '@app/contract'
import { abnormalOption, baseSlices, clockOf, provinceSlices, screenCards, sliceBarsOption, statusBarsOption, type ScreenChartOption } from './screenValues'
import { BOARD_HEIGHT, BOARD_WIDTH, useBoardScale } from './useBoardScale'
import { useFullscreen } from './useFullscreen'
import styles from './screen.module.css'

const ScreenChart = lazy(() => import('./ScreenChart'))
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']
const weekdayOf = (day: string) => `星期${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}`

export interface ScreenBoardProps {
  data?: ScreenData
  /** why the figures could not be read (the last ones stay on the board meanwhile) */
  error?: string
  /** headquarters' layout: by base and by province; a base's: its own figures larger */
  wide: boolean
  /** fills its window (the embed page) instead of a page's width */
  fill?: boolean
  /** buttons beside 全屏 (the signed-in pages' 复制嵌入链接 and base picker) */
  actions?: ReactNode
}

function Panel({ title, option, height, empty }: { title: string; option: ScreenChartOption; height: number; empty: boolean }) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      <div className={styles.chart} style={{ height }}>
        {empty
          ? <div className={styles.empty}>今日暂无数据</div>
          : <Suspense fallback={<div className={styles.empty}>图表加载中…</div>}><ScreenChart option={option} height={height} /></Suspense>}
      </div>
    </section>
  )
}

export default function ScreenBoard({ data, error, wide, fill = false, actions }: ScreenBoardProps) {
  const frame = useRef<HTMLDivElement>(null)
  const fullscreen = useFullscreen(frame)
  const { scale, offsetX, offsetY } = useBoardScale(frame, fill || fullscreen.active)
  const t = data?.totals
  const nothingMeasured = !t || t.results === 0
  const row = wide ? 296 : 684

  return (
    <div ref={frame} className={`${styles.frame} ${fill || fullscreen.active ? styles.filling : ''}`}
      style={fill || fullscreen.active ? undefined : { height: BOARD_HEIGHT * scale }}>
      <div className={styles.board} data-testid="screen-board"
        style={{ width: BOARD_WIDTH, height: BOARD_HEIGHT, transform: `translate(${offsetX}px, ${offsetY}px) scale(${scale})` }}>
        <header className={styles.header}>
          {/* the time of the figures under the day: the right-hand column holds the tools */}
          <div className={styles.day}>
            {data ? `${data.day} ${weekdayOf(data.day)}` : ''}
            {data && <span className={styles.updated} data-testid="screen-updated">更新于 {clockOf(data.updatedAt)}</span>}
          </div>
          <h1 className={styles.title}>{data ? `${data.title} · 数据大屏` : '数据大屏'}</h1>
          <div className={styles.tools}>
            {error && data && <span className={styles.error} role="alert">更新失败：{error}</span>}
            {actions}
            {fullscreen.supported && (
              <button type="button" className={styles.button} onClick={fullscreen.toggle}>{fullscreen.active ? '退出全屏' : '全屏'}</button>
            )}
          </div>
        </header>
        {!data ? (
          <div className={styles.waiting} role={error ? 'alert' : 'status'}>{error ?? '正在读取今日数据…'}</div>
        ) : (
          <>
            <ul className={styles.cards} aria-label="今日概况">
              {screenCards(data.totals).map((c) => (
                <li key={c.key} className={`${styles.card} ${styles[c.tone]}`} data-testid={`screen-card-${c.key}`}>
                  <div className={styles.cardLabel}>{c.label}</div>
                  <div className={styles.cardValue}>{c.value}</div>
                  <div className={styles.cardNote}>{c.note}</div>
                </li>
              ))}
            </ul>
            <div className={`${styles.panels} ${wide ? styles.panelsWide : styles.panelsBase}`}>
              {wide ? (
                <>
                  <Panel title="各基地今日" option={sliceBarsOption(baseSlices(data))} height={row} empty={!data.byBase.length} />
                  <Panel title="测量异常占比" option={abnormalOption(data)} height={row} empty={nothingMeasured} />
                  <Panel title="各省份今日" option={sliceBarsOption(provinceSlices(data))} height={row} empty={!data.byProvince.length} />
                  <Panel title="今日检验状态" option={statusBarsOption(data)} height={row} empty={!t!.inspections} />
                </>
              ) : (
                <>
                  <Panel title="今日检验状态" option={statusBarsOption(data)} height={row} empty={!t!.inspections} />
                  <Panel title="测量异常占比" option={abnormalOption(data, true)} height={row} empty={nothingMeasured} />
                </>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  )
}
