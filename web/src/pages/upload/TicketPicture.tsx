/**
 * The ticket photo beside the form: zoom with the buttons or the wheel (around the pointer), drag to
 * move. The box the focused field was read from is outlined (and brought into view), the boxes of
 * the fields to check are dashed. Boxes are in the reading's pixel space (width x height), drawn by
 * an SVG stretched over the picture, so they follow every zoom.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { Button, Empty, Space, Spin, Tooltip, Typography } from 'antd'
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons'
import { boxPoints } from '../../features/ticketPictures/tester'

export interface PictureBox {
  field: string
  label: string
  box: number[][]
}

const MIN_ZOOM = 0.5
const MAX_ZOOM = 8
const STEP = 1.25
/** the frame is as tall as the picture at full width, within these bounds */
const MAX_HEIGHT = 520
const MIN_HEIGHT = 260

interface View {
  zoom: number
  x: number
  y: number
}

export default function TicketPicture({ src, width, height, focused, marked, loading, failed, testId }: {
  src?: string
  /** the reading's pixel size (0: no boxes) */
  width: number
  height: number
  /** the focused field's box */
  focused: PictureBox | null
  /** boxes of the fields to check */
  marked: PictureBox[]
  loading?: boolean
  failed?: boolean
  testId: string
}) {
  const frame = useRef<HTMLDivElement>(null)
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null)
  const [frameWidth, setFrameWidth] = useState(0)
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 })
  const drag = useRef<{ id: number; x: number; y: number } | null>(null)

  const frameHeight = natural && frameWidth ? Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, (frameWidth * natural.h) / natural.w))) : MAX_HEIGHT
  // the picture at zoom 1 fits the frame
  const fit = natural && frameWidth ? Math.min(frameWidth / natural.w, frameHeight / natural.h) : 0
  const base = natural ? { w: natural.w * fit, h: natural.h * fit } : { w: 0, h: 0 }
  const centred = useCallback((zoom: number): View => ({
    zoom, x: (frameWidth - base.w * zoom) / 2, y: (frameHeight - base.h * zoom) / 2,
  }), [frameWidth, frameHeight, base.w, base.h])

  useEffect(() => {
    const el = frame.current
    if (!el) return
    const observer = new ResizeObserver(() => setFrameWidth(el.clientWidth))
    observer.observe(el)
    setFrameWidth(el.clientWidth)
    return () => observer.disconnect()
  }, [])

  useEffect(() => setNatural(null), [src])
  // a new picture or frame size: fit and centre
  useEffect(() => setView(centred(1)), [centred])

  const zoomAt = useCallback((factor: number, px: number, py: number) => {
    setView((v) => {
      const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor))
      const k = zoom / v.zoom
      return { zoom, x: px - (px - v.x) * k, y: py - (py - v.y) * k }
    })
  }, [])

  // the wheel zooms the picture, not the page (React's wheel listener is passive)
  useEffect(() => {
    const el = frame.current
    if (!el || !src) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const r = el.getBoundingClientRect()
      zoomAt(e.deltaY < 0 ? STEP : 1 / STEP, e.clientX - r.left, e.clientY - r.top)
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [zoomAt, src])

  // the focused box comes into view when it is outside the frame
  useEffect(() => {
    if (!focused || !width || !base.w) return
    const xs = focused.box.map((p) => p[0]!)
    const ys = focused.box.map((p) => p[1]!)
    const scale = (base.w / width) * view.zoom
    const cx = ((Math.min(...xs) + Math.max(...xs)) / 2) * scale
    const cy = ((Math.min(...ys) + Math.max(...ys)) / 2) * scale
    const sx = view.x + cx
    const sy = view.y + cy
    if (sx < 0 || sx > frameWidth || sy < 0 || sy > frameHeight) setView((v) => ({ ...v, x: frameWidth / 2 - cx, y: frameHeight / 2 - cy }))
    // only when the focus moves
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focused])

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY }
  }
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d || d.id !== e.pointerId) return
    const dx = e.clientX - d.x
    const dy = e.clientY - d.y
    drag.current = { ...d, x: e.clientX, y: e.clientY }
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }))
  }
  const endDrag = () => {
    drag.current = null
  }

  const zoomCentre = (factor: number) => zoomAt(factor, frameWidth / 2, frameHeight / 2)
  const boxes = width > 0 && height > 0

  return (
    <div data-testid={testId}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Tooltip title="放大">
          <Button size="small" icon={<ZoomInOutlined />} aria-label="放大" disabled={!src} onClick={() => zoomCentre(STEP)} />
        </Tooltip>
        <Tooltip title="缩小">
          <Button size="small" icon={<ZoomOutOutlined />} aria-label="缩小" disabled={!src} onClick={() => zoomCentre(1 / STEP)} />
        </Tooltip>
        <Tooltip title="适应窗口">
          <Button size="small" icon={<CompressOutlined />} aria-label="适应窗口" disabled={!src} onClick={() => setView(centred(1))} />
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {src ? `${Math.round(view.zoom * 100)}%　滚轮缩放，拖动查看${focused ? `　·　${focused.label}` : ''}` : ''}
        </Typography.Text>
      </Space>
      <div
        ref={frame}
        style={{
          position: 'relative', height: frameHeight, overflow: 'hidden', background: '#f5f5f5', border: '1px solid #f0f0f0',
          borderRadius: 6, cursor: src ? 'grab' : 'default', touchAction: 'none', userSelect: 'none',
        }}
        onPointerDown={src ? onPointerDown : undefined}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        {!src ? (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {loading ? <Spin tip="正在加载票据图片…"><div style={{ width: 160, height: 60 }} /></Spin> : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? '票据图片加载失败' : '上传后在此查看票据'} />
            )}
          </div>
        ) : (
          <div
            style={{
              position: 'absolute', left: 0, top: 0, width: base.w || undefined, height: base.h || undefined,
              transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`, transformOrigin: '0 0',
              visibility: natural ? 'visible' : 'hidden',
            }}
          >
            <img
              src={src}
              alt="票据照片"
              draggable={false}
              onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
              style={{ display: 'block', width: '100%', height: '100%' }}
            />
            {boxes && (
              <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible', pointerEvents: 'none' }}>
                {marked.filter((b) => b.field !== focused?.field).map((b) => (
                  <polygon key={b.field} data-testid={`mark-${b.field}`} points={boxPoints(b.box)} fill="#faad14" fillOpacity={0.08}
                    stroke="#fa8c16" strokeWidth={1.5} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
                ))}
                {focused && (
                  <polygon data-testid={`box-${focused.field}`} points={boxPoints(focused.box)} fill="#1677ff" fillOpacity={0.15}
                    stroke="#1677ff" strokeWidth={3} vectorEffect="non-scaling-stroke" />
                )}
              </svg>
            )}
          </div>
        )}
      </div>
    </div>
  )
}
