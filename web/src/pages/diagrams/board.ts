/**
 * A fabric.js canvas as both drawing screens use it: the active tool gets the pointer, undo removes the
 * last drawn object, delete the selection, the pen draws freehand, images are placed scaled down, and
 * the canvas goes out as PNG or as JSON (with each object's `data`: what palette item it is).
 */
import { Canvas, FabricImage, FabricObject, PencilBrush, type TPointerEventInfo } from 'fabric'
import type { DiagramCanvas } from '@app/contract'
import type { XY } from './geometry'
import { fitWithin } from './palette'

// `data` (what a mark is, or that it is the tank outline) is saved with every object
FabricObject.customProperties = ['data']

export interface ObjectData { kind?: string; role?: 'outline' }
export const dataOf = (o: FabricObject) => ((o as FabricObject & { data?: ObjectData }).data ?? {})
/** The tank outline belongs to the blank diagram: it is not selected, undone or deleted. */
export const isFixed = (o: FabricObject) => dataOf(o).role === 'outline'

/** What a tool does with the pointer on the canvas (scene coordinates). */
export interface Tool {
  down?(p: XY, board: Board): void
  move?(p: XY, board: Board): void
  up?(p: XY, board: Board): void
  /** the tool was put down (another chosen): drop what it was in the middle of */
  cancel?(board: Board): void
  /** free drawing with the pen */
  pen?: { width: number; color: string }
  cursor?: string
}

export class Board {
  readonly canvas: Canvas
  private tool: Tool | null = null
  private readOnly = false
  private readonly background: string
  /** called after every change of the drawing (added, removed, moved, edited) */
  onChange: () => void = () => {}

  constructor(el: HTMLCanvasElement, size: { width: number; height: number; background: string }) {
    this.background = size.background
    this.canvas = new Canvas(el, { width: size.width, height: size.height, backgroundColor: size.background, preserveObjectStacking: true })
    const at = (e: TPointerEventInfo) => ({ x: e.scenePoint.x, y: e.scenePoint.y })
    this.canvas.on('mouse:down', (e) => { if (!this.readOnly && !this.canvas.isDrawingMode) this.tool?.down?.(at(e), this) })
    this.canvas.on('mouse:move', (e) => { if (!this.readOnly && !this.canvas.isDrawingMode) this.tool?.move?.(at(e), this) })
    this.canvas.on('mouse:up', (e) => { if (!this.readOnly && !this.canvas.isDrawingMode) this.tool?.up?.(at(e), this) })
    this.canvas.on('path:created', ({ path }) => { (path as FabricObject & { data?: ObjectData }).data = { kind: 'pen' } })
    const changed = () => this.onChange()
    this.canvas.on('object:added', changed)
    this.canvas.on('object:removed', changed)
    this.canvas.on('object:modified', changed)
    this.canvas.on('text:changed', changed)
  }

  /** Chooses the tool (null: select and move objects). */
  setTool(tool: Tool | null) {
    this.tool?.cancel?.(this)
    this.tool = tool
    const c = this.canvas
    c.isDrawingMode = !this.readOnly && !!tool?.pen
    if (tool?.pen) {
      const brush = new PencilBrush(c)
      brush.width = tool.pen.width
      brush.color = tool.pen.color
      c.freeDrawingBrush = brush
    }
    // while placing, clicks go to the tool rather than selecting what is under them
    c.selection = !tool && !this.readOnly
    c.skipTargetFind = !!tool || this.readOnly
    c.defaultCursor = tool?.cursor ?? 'default'
    if (tool) c.discardActiveObject()
    c.requestRenderAll()
  }

  /** Viewing only: nothing may be selected, moved or drawn. */
  setReadOnly(readOnly: boolean) {
    this.readOnly = readOnly
    this.setTool(null)
  }

  add(o: FabricObject) {
    this.canvas.add(o)
    this.canvas.requestRenderAll()
  }

  /** Removes the last drawn object (Ctrl+Z); false when there is none. */
  undo(): boolean {
    if (this.readOnly) return false
    const last = this.canvas.getObjects().filter((o) => !isFixed(o)).at(-1)
    if (!last) return false
    this.canvas.discardActiveObject()
    this.canvas.remove(last)
    this.canvas.requestRenderAll()
    return true
  }

  /** Removes the selected objects (Delete); how many. A text being edited keeps its Delete key. */
  removeSelected(): number {
    if (this.readOnly || this.isEditingText()) return 0
    const chosen = this.canvas.getActiveObjects().filter((o) => !isFixed(o))
    this.canvas.discardActiveObject()
    if (chosen.length) this.canvas.remove(...chosen)
    this.canvas.requestRenderAll()
    return chosen.length
  }

  isEditingText() {
    return !!(this.canvas.getActiveObject() as { isEditing?: boolean } | undefined)?.isEditing
  }

  /** Places an image file in the middle of the canvas, scaled so that neither side exceeds IMAGE_MAX_SIDE. */
  async addImage(file: Blob) {
    const url = await scaledDataUrl(file)
    const img = await FabricImage.fromURL(url)
    const fit = Math.min(1, (this.canvas.width * 0.6) / img.width, (this.canvas.height * 0.6) / img.height)
    img.set({ left: this.canvas.width / 2, top: this.canvas.height / 2, scaleX: fit, scaleY: fit })
    ;(img as FabricObject & { data?: ObjectData }).data = { kind: 'image' }
    this.add(img)
  }

  toJSON(): DiagramCanvas {
    return this.canvas.toObject() as DiagramCanvas
  }

  async load(json: DiagramCanvas | string) {
    await this.canvas.loadFromJSON(json)
    this.lockFixed()
    this.canvas.requestRenderAll()
  }

  /** The outline (saved with the rest) is put back unselectable after loading. */
  lockFixed() {
    for (const o of this.canvas.getObjects()) if (isFixed(o)) o.set({ selectable: false, evented: false })
  }

  clear() {
    this.canvas.clear()
    this.canvas.backgroundColor = this.background
  }

  /** The drawing as a PNG file (without the selection's handles). */
  toPng(): Promise<Blob> {
    this.canvas.discardActiveObject()
    this.canvas.renderAll()
    const el = this.canvas.toCanvasElement(1)
    return new Promise((resolve, reject) => el.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG'))), 'image/png'))
  }

  /** The drawing as a PNG data URL (saved with the canvas for the report's PDF and overview). */
  toPngDataUrl(): string {
    this.canvas.discardActiveObject()
    this.canvas.renderAll()
    return this.canvas.toCanvasElement(1).toDataURL('image/png')
  }

  dispose() {
    void this.canvas.dispose()
  }
}

/** The image file as a data URL, redrawn at most IMAGE_MAX_SIDE on its longer side (PNG keeps transparency, photos become JPEG). */
async function scaledDataUrl(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file)
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height)
    const el = document.createElement('canvas')
    el.width = width
    el.height = height
    el.getContext('2d')!.drawImage(bitmap, 0, 0, width, height)
    return file.type === 'image/png' || file.type === 'image/gif' ? el.toDataURL('image/png') : el.toDataURL('image/jpeg', 0.85)
  } finally {
    bitmap.close()
  }
}
