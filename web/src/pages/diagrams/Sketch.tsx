/**
 * 草图板 (/diagramDetail/sketch; spec 000 §2, §9): a 1180 × 520 canvas drawn in red with a 2 px line:
 * arrow, pentagram, line, ellipse and rectangle by dragging, polygon by clicking its corners (a click on
 * the first closes it), text and pen; undo, delete, save as PNG, upload an image, save as JSON and open
 * such a file again. The board is kept in files on the user's computer, not on the server.
 */
import { useCallback, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { App, Button, Card, Space, Typography } from 'antd'
import { DeleteOutlined, DownloadOutlined, FileImageOutlined, FolderOpenOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons'
import { DiagramMsg } from '@app/contract'
import { saveBlob } from '../../api/request'
import type { Tool } from './board'
import ImageInput from './ImageInput'
import { SKETCH_CANVAS } from './palette'
import { arrowTool, editNow, ellipseDragTool, lineTool, pentagramTool, placeTool, polygonTool, rectDragTool, textObject } from './tools'
import { useBoard } from './useBoard'

const INK = { stroke: SKETCH_CANVAS.stroke, strokeWidth: SKETCH_CANVAS.penWidth }
const SKETCH_NAME = '草图'


/** The sketch board's tools, in the order of the toolbar. */
const TOOLS: { key: string; label: string; make: (typed: () => void) => Tool | null }[] = [
  { key: 'select', label: '选择', make: () => null },
  { key: 'arrow', label: '箭头', make: () => arrowTool(INK) },
  { key: 'pentagram', label: '五角星', make: () => pentagramTool(INK) },
  { key: 'line', label: '直线', make: () => lineTool(() => INK) },
  { key: 'ellipse', label: '椭圆', make: () => ellipseDragTool(INK) },
  { key: 'rect', label: '矩形', make: () => rectDragTool(INK) },
  { key: 'polygon', label: '多边形', make: () => polygonTool(INK) },
  { key: 'text', label: '文字', make: (typed) => placeTool((p) => textObject('文字', p, 'text', SKETCH_CANVAS.stroke), (o, board) => { editNow(o, board); typed() }) },
  { key: 'pen', label: '画笔', make: () => ({ pen: { width: SKETCH_CANVAS.penWidth, color: SKETCH_CANVAS.stroke } }) },
]

export default function SketchPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const reportId = params.get('id')
  const { hostRef, board } = useBoard(SKETCH_CANVAS)
  const [toolKey, setToolKey] = useState('select')
  const jsonInput = useRef<HTMLInputElement>(null)

  const choose = useCallback((key: string, tool: Tool | null) => {
    board?.setTool(tool)
    setToolKey(tool ? key : 'select')
  }, [board])

  const openJson = async (file: File | undefined) => {
    if (!file || !board) return
    try {
      const json = JSON.parse(await file.text())
      if (!json || typeof json !== 'object' || !Array.isArray(json.objects)) throw new Error('not a canvas')
      board.clear()
      await board.load(json)
      choose('select', null)
    } catch {
      message.error(DiagramMsg.jsonUnreadable)
    }
  }

  return (
    <Card
      size="small"
      title={<Space>草图板<Typography.Text type="secondary">{SKETCH_CANVAS.width} × {SKETCH_CANVAS.height}</Typography.Text></Space>}
      extra={reportId && <Button size="small" onClick={() => navigate(`/diagramDetail/index?id=${encodeURIComponent(reportId)}`)}>返回示意图</Button>}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {TOOLS.map((t) => (
          <Button key={t.key} size="small" type={toolKey === t.key ? 'primary' : 'default'} data-testid={`sketch-${t.key}`}
            disabled={!board} onClick={() => choose(t.key, t.make(() => setToolKey('select')))}>{t.label}</Button>
        ))}
        <Button size="small" icon={<UndoOutlined />} data-testid="sketch-undo" onClick={() => board?.undo()}>撤销</Button>
        <Button size="small" icon={<DeleteOutlined />} data-testid="sketch-delete" onClick={() => board?.removeSelected()}>删除</Button>
        <Button size="small" icon={<DownloadOutlined />} data-testid="sketch-png" onClick={() => void board?.toPng().then((png) => saveBlob(png, `${SKETCH_NAME}.png`))}>保存为图片</Button>
        <ImageInput board={board} icon={<FileImageOutlined />} />
        <Button size="small" icon={<SaveOutlined />} data-testid="sketch-json"
          onClick={() => board && saveBlob(new Blob([JSON.stringify(board.toJSON())], { type: 'application/json' }), `${SKETCH_NAME}.json`)}>保存为 JSON</Button>
        <input ref={jsonInput} type="file" accept="application/json,.json" hidden data-testid="sketch-json-input"
          onChange={(e) => { void openJson(e.target.files?.[0]); e.target.value = '' }} />
        <Button size="small" icon={<FolderOpenOutlined />} onClick={() => jsonInput.current?.click()}>打开 JSON</Button>
      </Space>
      <div style={{ overflow: 'auto' }}>
        <div ref={hostRef} data-testid="sketch-canvas" style={{ border: '1px solid #d9d9d9', width: SKETCH_CANVAS.width }} />
      </div>
    </Card>
  )
}
