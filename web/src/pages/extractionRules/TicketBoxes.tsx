/**
 * The tested picture with the text boxes the reader took values from, drawn over it. The SVG overlay
 * uses the picture's pixel space (width x height of the answer) as its viewBox and is stretched over
 * the <img>, so every box scales with the picture as it is shown.
 */
import { boxPoints } from '../../features/ticketPictures/tester'

export interface DrawnBox {
  field: string
  label: string
  value: string
  box: number[][]
  /** the field of the rule being edited */
  edited: boolean
  /** the row under the pointer in the results table */
  active: boolean
}

export default function TicketBoxes({ src, width, height, boxes, onHover }: {
  src: string
  width: number
  height: number
  boxes: DrawnBox[]
  onHover?: (field: string | null) => void
}) {
  // the edited and the hovered box last, so they are drawn on top
  const ordered = [...boxes].sort((a, b) => Number(a.edited || a.active) - Number(b.edited || b.active))
  return (
    <div style={{ position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0, border: '1px solid #f0f0f0' }} data-testid="tester-picture">
      <img src={src} alt="票据照片" style={{ display: 'block', maxWidth: '100%', maxHeight: 460, width: 'auto', height: 'auto' }} />
      {width > 0 && height > 0 && (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible' }}
          aria-label="识别位置"
        >
          {ordered.map((b) => {
            const strong = b.edited || b.active
            const color = b.edited ? '#fa541c' : b.active ? '#722ed1' : '#1677ff'
            return (
              <polygon
                key={b.field}
                data-testid={`box-${b.field}`}
                data-edited={b.edited ? 'true' : undefined}
                points={boxPoints(b.box)}
                fill={color}
                fillOpacity={strong ? 0.18 : 0.08}
                stroke={color}
                strokeWidth={strong ? 3 : 1.5}
                vectorEffect="non-scaling-stroke"
                style={{ cursor: 'pointer' }}
                onMouseEnter={() => onHover?.(b.field)}
                onMouseLeave={() => onHover?.(null)}
              >
                <title>{`${b.label}：${b.value}`}</title>
              </polygon>
            )
          })}
        </svg>
      )}
    </div>
  )
}
