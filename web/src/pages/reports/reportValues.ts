/** Pure logic of the inspection screens: which actions a report offers, empty values, the list's columns shown, the remembered filters. */
import {
  isFilled, judgeRecord, movesFrom, type RecordValue, type TemplateStep, REPORT_MOVES, REPORT_STATUS, REPORT_STATUS_LABELS, REPORT_STATUS_VALUES, type Report, type ReportMove, type ReportStatus,
} from '@app/contract'

/** An empty value shows '/' (spec 000 §2). */
export const blank = (v: string | number | null | undefined) => (v == null || v === '' ? '—' : String(v))

export const STATUS_COLORS: Record<ReportStatus, string> = {
  0: 'default', 1: 'processing', 2: 'warning', 3: 'error', 4: 'cyan', 5: 'blue', 6: 'success',
}
export const statusOptions = REPORT_STATUS_VALUES.map((s) => ({ label: REPORT_STATUS_LABELS[s], value: s }))

/** What a row of the list offers, by status (the server refuses everything else). */
export type ReportAction =
  | 'edit' | 'records' | 'station' | 'diagram' | 'checking' | 'overview' | 'status' | 'pdf'
  | Exclude<ReportMove, 'void'> | 'void'

export function rowActions(r: Pick<Report, 'status'>): ReportAction[] {
  const moves = movesFrom(r.status)
  const started = r.status !== REPORT_STATUS.registered && r.status !== REPORT_STATUS.void
  return [
    ...(r.status === REPORT_STATUS.registered ? ['edit' as const] : []),
    ...(r.status === REPORT_STATUS.inspecting ? ['records' as const, 'station' as const] : []),
    ...moves,
    ...(started ? ['checking' as const, 'diagram' as const] : []),
    ...(r.status >= REPORT_STATUS.inspecting && r.status !== REPORT_STATUS.void ? ['pdf' as const] : []),
    'overview',
    ...(moves.some((m) => m !== 'start') ? ['status' as const] : []),
  ]
}

export const ACTION_LABELS: Record<ReportAction, string> = {
  edit: '编辑登记', records: '录入记录', station: '更换工位', diagram: '示意图', checking: '检验进度', overview: '总览', status: '更改状态', pdf: '打印报告',
  start: REPORT_MOVES.start.label, pause: REPORT_MOVES.pause.label, resume: REPORT_MOVES.resume.label, void: REPORT_MOVES.void.label,
  finish: REPORT_MOVES.finish.label, review: REPORT_MOVES.review.label, sign: REPORT_MOVES.sign.label, return: REPORT_MOVES.return.label,
}

/** Moves asked with a plain confirmation (the others open a dialog: 开始检验, 退回). */
export const CONFIRMS: Partial<Record<ReportMove, string>> = {
  pause: '确定暂停该检验吗？暂停后不能录入记录，可随时继续。',
  resume: '确定继续检验吗？',
  void: '是否将该报告作废？作废后不能恢复。',
  finish: '确定完成检验吗？完成后将根据记录判定检验结果，并交由他人审核。',
  review: '确定审核通过该报告吗？',
  sign: '确定签发该报告吗？签发后报告生效，并计算下次检验日期。',
}

/** The states a report may be moved to from the 更改状态 dialog (开始检验 has its own dialog). */
export const statusTargets = (status: ReportStatus) =>
  movesFrom(status).filter((m) => m !== 'start').map((m) => ({ move: m, to: REPORT_MOVES[m].to, label: `${REPORT_MOVES[m].label}（→ ${REPORT_STATUS_LABELS[REPORT_MOVES[m].to]}）` }))

/**
 * The list's columns (by dataIndex) a desk rarely reads: hidden until 列设置 shows them, so the rest fit a
 * 1440 px screen. Headquarters reads the base (所属基地) in place of the unit.
 */
export const REPORT_COLUMNS_HIDDEN = [
  'tankerType', 'tankerNumber', 'phone', 'latestMaterial', 'outdate', 'isOut', 'centerName', 'stationName', 'inspectorName', 'images',
] as const
type ColumnsState = Record<string, { show?: boolean }>

/**
 * The list's 列设置, kept per browser. The key changed with the hidden defaults: a kept setting wins over
 * them, and every browser that opened the list under the old key kept all columns shown.
 */
export const reportColumnsState = (headquarters: boolean) => ({
  persistenceKey: 'trace-columns-2',
  persistenceType: 'localStorage' as const,
  defaultValue: Object.fromEntries([...REPORT_COLUMNS_HIDDEN, ...(headquarters ? ['org'] : [])].map((k) => [k, { show: false }])) as ColumnsState,
})

/** The list's centre/base and status, remembered for the browser session (spec 000 §2: nowPageData, nowPageStatus). */
export const SESSION_KEYS = { center: 'nowPageData', status: 'nowPageStatus' } as const
export interface RememberedFilters { center?: string; status?: ReportStatus }

export function readRemembered(store: Pick<Storage, 'getItem'>): RememberedFilters {
  const center = store.getItem(SESSION_KEYS.center) ?? undefined
  const raw = store.getItem(SESSION_KEYS.status)
  const status = raw != null && raw !== '' && REPORT_STATUS_VALUES.includes(Number(raw) as ReportStatus) ? (Number(raw) as ReportStatus) : undefined
  return { ...(center ? { center } : {}), ...(status != null ? { status } : {}) }
}

export function remember(store: Pick<Storage, 'setItem' | 'removeItem'>, f: RememberedFilters) {
  if (f.center) store.setItem(SESSION_KEYS.center, f.center)
  else store.removeItem(SESSION_KEYS.center)
  if (f.status != null) store.setItem(SESSION_KEYS.status, String(f.status))
  else store.removeItem(SESSION_KEYS.status)
}

/** Per step: items, how many hold a value, whether one fails, and the required ones still empty. */
export function stepProgress(steps: TemplateStep[], values: Record<string, RecordValue | undefined>) {
  return steps.map((s) => ({
    total: s.items.length,
    filled: s.items.filter((i) => isFilled(values[i.key])).length,
    failed: s.items.some((i) => judgeRecord(i, values[i.key] ?? null) === false),
    missing: s.items.filter((i) => i.required && !isFilled(values[i.key])).map((i) => i.name),
  }))
}
