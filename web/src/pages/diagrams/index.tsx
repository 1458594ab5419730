/**
 * 检验示意图 (/diagramDetail/index?id=, route DiagramDetail; spec 000 §2 "Diagram drawing screen"): the
 * report's saved tank diagram, or a blank canvas with the tank outline. The palette places symbols,
 * weld seam lines, shapes, text and the weld joint labels (A / AF / B / D, with film numbers such as
 * A1-1) where the canvas is clicked; select, undo (Ctrl+Z), delete (Delete), export PNG and save, which
 * keeps the canvas JSON with the version it was loaded at. A report not 正在检验 is shown read-only.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, App, Button, Card, Col, Divider, Empty, InputNumber, Result, Row, Segmented, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd'
import {
  DeleteOutlined, DownloadOutlined, EditOutlined, FileImageOutlined, FontSizeOutlined, LineOutlined, ReloadOutlined, SaveOutlined, SelectOutlined, UndoOutlined,
} from '@ant-design/icons'
import { diagramCanvasText, DiagramMsg, DIAGRAM_PNG_MAX_CHARS, Msg } from '@app/contract'
import * as diagramsApi from '../../api/diagrams'
import { isHandled, RequestError, saveBlob } from '../../api/request'
import type { FabricObject } from 'fabric'
import type { Board, Tool } from './board'
import {
  DIAGRAM_CANVAS, diagramFileName, ELLIPSE_SIZES, FILM_MAX, INK, LABEL_GROUP_KEYS, LABEL_GROUPS, labelsOf, labelText, STROKE_WIDTHS, SYMBOLS,
  WELD_LENGTHS, WELD_STYLE_KEYS, WELD_STYLES, weldItem, type LabelGroup, type StrokeWidth, type WeldLength, type WeldStyle,
} from './palette'
import { diagramReducer, initialDiagram, initialPalette, paletteReducer } from './diagramState'
import { editNow, ellipseObject, glyphObject, lineTool, placeTool, rectObject, tankOutline, textObject } from './tools'
import { useBoard } from './useBoard'
import ImageInput from './ImageInput'

export const SKETCH_PATH = '/diagramDetail/sketch'

export default function DiagramDetailPage() {
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const { hostRef, board } = useBoard(DIAGRAM_CANVAS)

  const [doc, dispatch] = useReducer(diagramReducer, valid ? null : DiagramMsg.noReport, initialDiagram)
  const { loaded, error, saved, conflict, dirty, saving } = doc
  const [palette, choosePalette] = useReducer(paletteReducer, initialPalette)
  const { toolKey, strokeWidth, ellipseSize, weld, group, film } = palette
  // tools read the current settings when they draw, not when they were chosen
  const settings = useRef(palette)
  settings.current = palette
  const ink = () => ({ stroke: INK, strokeWidth: settings.current.strokeWidth })
  const editable = !!loaded?.editable

  const choose = useCallback((key: string, tool: Tool | null) => {
    board?.setTool(tool)
    choosePalette({ type: 'tool', key: tool ? key : 'select' })
  }, [board])

  const load = useCallback(async () => {
    if (!board || !valid) return
    dispatch({ type: 'loading' })
    try {
      const state = await diagramsApi.loadDiagram(id, { silent: true })
      board.onChange = () => {}
      board.clear()
      if (state.canvas) await board.load(state.canvas)
      else board.add(tankOutline(DIAGRAM_CANVAS))
      board.setReadOnly(!state.editable)
      board.onChange = () => dispatch({ type: 'changed' })
      choosePalette({ type: 'tool', key: 'select' })
      dispatch({ type: 'loaded', state })
    } catch (e) {
      if (!isHandled(e)) dispatch({ type: 'loadFailed', message: `${Msg.fetchFailed}：${(e as Error).message}` })
    }
  }, [board, id, valid])

  useEffect(() => { void load() }, [load])

  // the pen follows the chosen width
  useEffect(() => {
    if (toolKey === 'pen') choose('pen', { pen: { width: strokeWidth, color: INK } })
  }, [strokeWidth]) // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    if (!board || !loaded) return
    const canvas = board.toJSON()
    const checked = diagramCanvasText(canvas)
    if ('error' in checked) {
      message.error(checked.message, 5)
      return
    }
    dispatch({ type: 'saving' })
    try {
      const png = board.toPngDataUrl()
      const answer = await diagramsApi.saveDiagram(id, { canvas, version: saved?.version ?? 0, ...(png.length <= DIAGRAM_PNG_MAX_CHARS && { png }) })
      dispatch({ type: 'saved', answer })
      message.success(DiagramMsg.saved)
    } catch (e) {
      dispatch({ type: 'saveFailed', conflict: e instanceof RequestError && e.status === 409 ? e.message : undefined })
    }
  }

  if (error) return <Result status="warning" title={error} extra={valid && <Button onClick={() => void load()}>重试</Button>} />

  const toolButton = (key: string, label: string, tool: () => Tool | null, extra: { icon?: React.ReactNode; testId?: string } = {}) => (
    <Button
      size="small"
      key={key}
      icon={extra.icon}
      type={toolKey === key ? 'primary' : 'default'}
      disabled={!editable}
      data-testid={extra.testId ?? `tool-${key}`}
      onClick={() => choose(key, tool())}
    >
      {label}
    </Button>
  )
  const report = loaded?.report
  const typeNow = (o: FabricObject, b: Board) => {
    editNow(o, b)
    choosePalette({ type: 'tool', key: 'select' })
  }

  return (
    <Card
      size="small"
      title={(
        <Space wrap>
          检验示意图
          {report && <Typography.Text type="secondary">{report.reportNumber} · {report.licenseNumber}</Typography.Text>}
          {report && <Tag>{report.statusName}</Tag>}
          {dirty && editable && <Tag color="orange" data-testid="diagram-dirty">未保存</Tag>}
        </Space>
      )}
      extra={(
        <Space wrap>
          {toolButton('select', '选择', () => null, { icon: <SelectOutlined /> })}
          <Button size="small" icon={<UndoOutlined />} disabled={!editable} data-testid="tool-undo" onClick={() => board?.undo()}>撤销</Button>
          <Button size="small" icon={<DeleteOutlined />} disabled={!editable} data-testid="tool-delete" onClick={() => board?.removeSelected()}>删除</Button>
          <Button size="small" icon={<DownloadOutlined />} disabled={!board} data-testid="tool-png"
            onClick={() => void board?.toPng().then((png) => saveBlob(png, diagramFileName(report?.reportNumber)))}>导出图片</Button>
          <Button size="small" type="primary" icon={<SaveOutlined />} loading={saving} disabled={!editable} data-testid="tool-save" onClick={() => void save()}>保存</Button>
          <Button size="small" onClick={() => navigate(`${SKETCH_PATH}?id=${id}`)}>草图板</Button>
        </Space>
      )}
    >
      {loaded && !loaded.editable && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={DiagramMsg.readOnly(loaded.report.statusName)} data-testid="diagram-readonly" />}
      {conflict && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={conflict} data-testid="diagram-conflict"
          action={<Button size="small" icon={<ReloadOutlined />} onClick={() => void load()}>重新加载</Button>} />
      )}
      <Row gutter={12} wrap={false}>
        <Col flex="300px" style={{ maxHeight: DIAGRAM_CANVAS.height + 40, overflowY: 'auto' }}>
          <Typography.Text strong>符号</Typography.Text>
          <Space size={[4, 4]} wrap style={{ marginTop: 6 }}>
            {SYMBOLS.map((item) => toolButton(item.key, item.label, () => placeTool((p) => glyphObject(item, p)), { testId: `palette-${item.key}` }))}
            {toolButton('freePen', '自由线', () => ({ pen: { width: 1, color: INK } }), { testId: 'palette-freePen', icon: <EditOutlined /> })}
            {toolButton('textBox', '文本框', () => placeTool((p) => textObject('文本框', p, 'textBox'), typeNow), { testId: 'palette-textBox', icon: <FontSizeOutlined /> })}
          </Space>

          <Divider style={{ margin: '10px 0' }} />
          <Typography.Text strong>焊缝线</Typography.Text>
          <Space direction="vertical" size={4} style={{ marginTop: 6, display: 'flex' }}>
            <Segmented size="small" value={weld.vertical ? 'v' : 'h'} options={[{ value: 'v', label: '竖线' }, { value: 'h', label: '横线' }]}
              onChange={(v) => choosePalette({ type: 'weld', weld: { vertical: v === 'v' } })} data-testid="weld-direction" />
            <Segmented size="small" value={weld.style} options={WELD_STYLE_KEYS.map((s) => ({ value: s, label: WELD_STYLES[s].label }))}
              onChange={(v) => choosePalette({ type: 'weld', weld: { style: v as WeldStyle } })} data-testid="weld-style" />
            <Segmented size="small" value={weld.length} options={WELD_LENGTHS.map((l) => ({ value: l, label: String(l) }))}
              onChange={(v) => choosePalette({ type: 'weld', weld: { length: v as WeldLength } })} data-testid="weld-length" />
            {(() => {
              const item = weldItem(weld.vertical, weld.style, weld.length)
              return toolButton('weld', `放置${item.label}`, () => placeTool((p) => glyphObject(item, p)), { testId: 'palette-weld', icon: <LineOutlined /> })
            })()}
          </Space>

          <Divider style={{ margin: '10px 0' }} />
          <Typography.Text strong>形状</Typography.Text>
          <Space direction="vertical" size={4} style={{ marginTop: 6, display: 'flex' }}>
            <Space size={4}>
              <span>线宽</span>
              <Segmented size="small" value={strokeWidth} options={STROKE_WIDTHS.map((w) => ({ value: w, label: String(w) }))}
                onChange={(v) => choosePalette({ type: 'strokeWidth', width: v as StrokeWidth })} data-testid="stroke-width" />
            </Space>
            <Space size={4}>
              {toolButton('ellipse', '椭圆', () => placeTool((p) => ellipseObject(settings.current.ellipseSize, p, ink())))}
              <span data-testid="ellipse-size">
                <Select size="small" value={ellipseSize} style={{ width: 80 }} options={ELLIPSE_SIZES.map((s) => ({ value: s, label: String(s) }))} onChange={(size) => choosePalette({ type: 'ellipseSize', size })} />
              </span>
            </Space>
            <Space size={4} wrap>
              {toolButton('rect', '矩形', () => placeTool((p) => rectObject(p, ink())))}
              {toolButton('line', '直线', () => lineTool(ink))}
              {toolButton('pen', '画笔', () => ({ pen: { width: settings.current.strokeWidth, color: INK } }))}
              {toolButton('text', '文字', () => placeTool((p) => textObject('文字', p, 'text'), typeNow))}
            </Space>
          </Space>

          <Divider style={{ margin: '10px 0' }} />
          <Typography.Text strong>焊缝标号</Typography.Text>
          <Tabs
            size="small"
            activeKey={group}
            onChange={(k) => choosePalette({ type: 'group', group: k as LabelGroup })}
            items={LABEL_GROUP_KEYS.map((g) => ({
              key: g,
              label: <Tooltip title={LABEL_GROUPS[g].title}><span data-testid={`label-tab-${g}`}>{g}</span></Tooltip>,
              children: (
                <Space size={[4, 4]} wrap>
                  {labelsOf(g).map((label) => toolButton(`label-${label}`, label, () => placeTool(
                    (p) => textObject(labelText(label, settings.current.film), p, 'label'),
                    () => choosePalette({ type: 'labelPlaced' }),
                  ), { testId: `label-${label}` }))}
                </Space>
              ),
            }))}
          />
          <Space size={4} style={{ marginTop: 8 }}>
            <span style={{ whiteSpace: 'nowrap' }}>底片号</span>
            <span data-testid="film-number"><InputNumber size="small" min={0} max={FILM_MAX} precision={0} value={film} onChange={(v) => choosePalette({ type: 'film', film: v ?? 0 })} style={{ width: 64 }} /></span>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>底片号为 0 时放置标号本身（如 A1），否则放置 A1-1 这样的底片位置，每放一次加一</Typography.Text>

          <Divider style={{ margin: '10px 0' }} />
          <ImageInput disabled={!editable} board={board} icon={<FileImageOutlined />} />
        </Col>
        <Col flex="auto" style={{ overflow: 'auto' }}>
          {!loaded && <Empty description="正在加载示意图…" />}
          <div ref={hostRef} data-testid="diagram-canvas" style={{ border: '1px solid #d9d9d9', width: DIAGRAM_CANVAS.width, display: loaded ? 'block' : 'none' }} />
          {saved && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }} data-testid="diagram-saved-by">
              最近保存：{saved.updateUserName} {saved.updateTimeStr}（版本 {saved.version}）
            </Typography.Text>
          )}
        </Col>
      </Row>
    </Card>
  )
}
