/** Pure logic of the 票据格式, 取值规则 (rule tester) and 日志 screens. */
import { describe, expect, it, vi } from 'vitest'
import { DELIVERY_FIELDS, MENU_SEED, receiptFormatBody, TICKET_MAX_BYTES, type MenuNode, type MenuSeed } from '@app/contract'
import { emptyTableResult, loadTable, toListQuery, toTableResult } from '../src/components/listQuery'
import {
  fieldLabel, fieldLabelWithKey, fieldOptions, fieldsOfType, groupedFieldOptions, keepFieldsOfType, typeOfField,
} from '../src/components/ticketFields'
import { findMenuPath } from '../src/components/menuPath'
import { zodRule } from '../src/components/zodRule'
import { formatBody } from '../src/pages/receiptFormats/formatValues'
import { toDateRange } from '../src/components/dateRange'
import { logBody, logFilters } from '../src/pages/logs/logValues'
import {
  boxPoints, candidateRule, formatConfidence, imageProblem, LatestRunner, regexProblem, resultRows, scaledRect, validBox,
} from '../src/features/ticketPictures/tester'
import type { RuleTestResult } from '../src/api/ticketReading'

describe('ticket fields', () => {
  it('lists each type\'s fields with Chinese labels, keys telling equal labels apart', () => {
    expect(fieldsOfType(1)).toEqual([
      'deliveryManufactory', 'deliveryCustomer', 'deliveryGoodsName', 'deliverySpecific', 'deliveryPlateNumber', 'deliveryCarrier',
      'deliveryNumber', 'deliveryTime', 'deliveryNetWeight', 'deliveryBags', 'deliveryGrossWeight', 'deliveryTareWeight', 'deliveryAdditional',
    ])
    expect(fieldsOfType(2)).toEqual([
      'signManufactory', 'signCustomer', 'signGoodsName', 'signSpecific', 'signPlateNumber', 'signCarrier', 'signName', 'signPlace',
      'signNumber', 'signTime', 'signNetWeight', 'signFirstNetWeight', 'signBags', 'signGrossWeight', 'signTareWeight', 'signUser',
      'signSettlement', 'signAdditional',
    ])
    expect(fieldsOfType(undefined)).toEqual([])
    expect(fieldLabel('deliveryNetWeight')).toBe('发货净重')
    expect(fieldLabel('nope')).toBe('nope')
    expect(fieldLabelWithKey('signGrossWeight')).toBe('毛重（signGrossWeight）')
    expect(fieldOptions(2)[0]).toEqual({ value: 'signManufactory', label: '生产厂家（signManufactory）' })
    expect(groupedFieldOptions().map((g) => g.label)).toEqual(['发货单', '收货单'])
    expect(typeOfField('deliveryBags')).toBe(1)
    expect(typeOfField('signUser')).toBe(2)
    expect(typeOfField('NetWeight')).toBeNull()
  })

  it('keeps only the chosen type\'s fields when the type changes', () => {
    expect(keepFieldsOfType(['deliveryNetWeight', 'signNetWeight', 'x'], 1)).toEqual(['deliveryNetWeight'])
    expect(keepFieldsOfType(['deliveryNetWeight'], 2)).toEqual([])
    expect(keepFieldsOfType(undefined, 1)).toEqual([])
  })
})

describe('ProTable <-> list API', () => {
  it('turns current/pageSize and the search form into page/size and non-blank filters', () => {
    expect(toListQuery({ current: 3, pageSize: 50, name: '  水泥 ', type: 1, empty: '', none: undefined, list: [], _timestamp: 1 }))
      .toEqual({ page: 3, size: 50, name: '水泥', type: 1 })
    expect(toListQuery({}, 50)).toEqual({ page: 1, size: 50 })
  })

  it('gives ProTable data and total', () => {
    expect(toTableResult({ data: [1, 2], totalCount: 7 })).toEqual({ data: [1, 2], total: 7, success: true })
    expect(emptyTableResult.data).toEqual([])
  })

  it('loads a table: the page, or an empty failed result when the request fails', async () => {
    await expect(loadTable(Promise.resolve({ data: ['a'], totalCount: 1 }))).resolves.toEqual({ data: ['a'], total: 1, success: true })
    await expect(loadTable(Promise.reject(new Error('down')))).resolves.toEqual(emptyTableResult)
  })
})

describe('format form', () => {
  it('checks the weight with the server\'s rule and message', async () => {
    const rule = zodRule(receiptFormatBody.shape.rankcom)
    const rankProblem = (v: unknown) => rule.validator({}, v).then(() => null, (e: Error) => e.message)
    expect(rule.required).toBe(true)
    await expect(rankProblem(0)).resolves.toBeNull()
    await expect(rankProblem(10000)).resolves.toBeNull()
    await expect(rankProblem('12')).resolves.toBeNull()
    await expect(rankProblem(null)).resolves.toBe('权重不能为空')
    await expect(rankProblem(1.5)).resolves.toBe('权重必须是整数')
    await expect(rankProblem('abc')).resolves.toBe('权重必须是整数')
    await expect(rankProblem(-1)).resolves.toBe('权重不能小于0')
    await expect(rankProblem(10001)).resolves.toBe('权重不能大于10000')
  })

  it('builds the body: text trimmed, required fields of the chosen type only', () => {
    expect(formatBody({
      name: ' 新格式 ', type: 2, regular: ' 收货单|签收单 ', rankcom: '5', excludeKeywords: '', requiredFields: ['signNetWeight', 'deliveryNetWeight'], description: undefined,
    })).toEqual({
      name: '新格式', type: 2, regular: '收货单|签收单', rankcom: 5, excludeKeywords: '', requiredFields: ['signNetWeight'], description: '',
    })
  })
})

describe('rule tester', () => {
  it('accepts JPG/PNG/WebP up to 15 MB and says why anything else is refused', () => {
    expect(imageProblem({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull()
    expect(imageProblem({ name: 'a.webp', type: '', size: 1000 })).toBeNull()
    expect(imageProblem({ name: 'a.gif', type: 'image/gif', size: 1000 })).toContain('不是 JPG、PNG 或 WebP 图片')
    expect(imageProblem({ name: 'a.pdf', type: '', size: 1000 })).toContain('不是 JPG、PNG 或 WebP 图片')
    expect(imageProblem({ name: 'a.png', type: 'image/png', size: 0 })).toContain('空文件')
    expect(imageProblem({ name: 'big.png', type: 'image/png', size: TICKET_MAX_BYTES + 1 })).toBe('图片不能超过15MB（“big.png”为 15.0MB）')
    expect(imageProblem({ name: 'ok.png', type: 'image/png', size: TICKET_MAX_BYTES })).toBeNull()
  })

  it('sends the rule being edited once it has a field, a format and something to match', () => {
    expect(candidateRule({ receiptFormatId: 1 })).toBeUndefined()
    expect(candidateRule({ property: 'deliveryNetWeight' })).toBeUndefined()
    expect(candidateRule({ property: 'deliveryNetWeight', receiptFormatId: 1, valueName: ' ' })).toBeUndefined()
    expect(candidateRule({ property: 'deliveryNetWeight', receiptFormatId: 1, valueNameRegular: ' 净\\s*重 ', valueRegular: '' }))
      .toEqual({ property: 'deliveryNetWeight', receiptFormatId: 1, valueName: null, valueNameRegular: '净\\s*重', valueRegular: null })
    expect(candidateRule({ property: 'signUser', receiptFormatId: 2, valueName: '签收人' }, 9)).toMatchObject({ id: 9, property: 'signUser' })
  })

  it('finds regular expressions the browser cannot compile', () => {
    expect(regexProblem('名称表达式', '净\\s*重')).toBeNull()
    expect(regexProblem('名称表达式', '')).toBeNull()
    expect(regexProblem('取值表达式', '(\\d+')).toBe('取值表达式不是有效的正则表达式')
  })

  const result: RuleTestResult = {
    fields: { deliveryNetWeight: 38.57, deliveryGrossWeight: 54.28, deliveryTareWeight: '', deliveryPlateNumber: '川BGCA5U' },
    origin: '水泥发货单\n净重 38.57',
    format: { id: 1, name: '水泥发货单' },
    meta: {
      deliveryNetWeight: { confidence: 0.93, box: [[10, 20], [110, 20], [110, 40], [10, 40]], source: 'rule' },
      deliveryGrossWeight: { confidence: 0.8, box: null, source: 'synonym' },
      deliveryPlateNumber: { confidence: 1.2, box: [[1, 2]], source: 'title' },
    },
    flags: { deliveryNetWeight: '毛重 - 皮重 与净重不符' },
    width: 800,
    height: 600,
  }

  it('gives one row per field of the type with value, source, confidence, box and flag', () => {
    const rows = resultRows(result, 1)
    expect(rows.map((r) => r.field)).toEqual(Object.keys(DELIVERY_FIELDS))
    const net = rows.find((r) => r.field === 'deliveryNetWeight')!
    expect(net).toMatchObject({ label: '发货净重', value: '38.57', source: 'rule', confidence: 0.93, flag: '毛重 - 皮重 与净重不符' })
    expect(net.box).toHaveLength(4)
    expect(rows.find((r) => r.field === 'deliveryGrossWeight')).toMatchObject({ value: '54.28', source: 'synonym', box: null })
    expect(rows.find((r) => r.field === 'deliveryTareWeight')).toMatchObject({ value: null, source: null, confidence: null })
    expect(rows.find((r) => r.field === 'deliveryPlateNumber')!.box).toBeNull() // a one-point box is no box
    expect(formatConfidence(1.2)).toBe('100%')
    expect(formatConfidence(0.934)).toBe('93%')
    expect(formatConfidence(null)).toBe('')
  })

  it('draws boxes in picture pixels and scales their rectangles', () => {
    expect(validBox([[0, 0], [1, 1]])).toBe(true)
    expect(validBox([[0, 0], [1, Number.NaN]])).toBe(false)
    expect(validBox(null)).toBe(false)
    expect(boxPoints([[10, 20], [110, 22], [109, 42], [9, 40]])).toBe('10,20 110,22 109,42 9,40')
    expect(boxPoints([[10, 20], [110, 40]])).toBe('10,20 110,20 110,40 10,40')
    expect(scaledRect([[10, 20], [110, 22], [109, 42], [9, 40]], 0.5)).toEqual({ left: 4.5, top: 10, width: 50.5, height: 11 })
  })

  it('runs the latest job only, one at a time', async () => {
    const started: number[] = []
    const resolvers: ((v: number) => void)[] = []
    const results: number[] = []
    const idle = vi.fn()
    const runner = new LatestRunner<number, number>(
      (job) => {
        started.push(job)
        return new Promise<number>((resolve) => resolvers.push(resolve))
      },
      { result: (r) => results.push(r), error: () => undefined, idle },
    )
    runner.run(1)
    runner.run(2) // waits
    runner.run(3) // replaces 2
    expect(started).toEqual([1])
    resolvers[0]!(10)
    await vi.waitFor(() => expect(started).toEqual([1, 3]))
    expect(results).toEqual([]) // job 1's answer is stale: 3 was asked for meanwhile
    resolvers[1]!(30)
    await vi.waitFor(() => expect(results).toEqual([30]))
    expect(idle).toHaveBeenCalledTimes(1)
    runner.close()
    runner.run(4)
    expect(started).toEqual([1, 3])
  })

  it('reports a failed job', async () => {
    const errors: unknown[] = []
    const runner = new LatestRunner<number, number>(() => Promise.reject(new Error('名称表达式：无效')), { result: () => undefined, error: (e) => errors.push(e) })
    runner.run(1)
    await vi.waitFor(() => expect(errors).toHaveLength(1))
  })
})

describe('log page', () => {
  it('sends the date range as two days, earliest first', () => {
    expect(toDateRange(['2026-03-01', '2026-03-05'])).toEqual(['2026-03-01', '2026-03-05'])
    expect(toDateRange(['2026-03-05 10:00:00', '2026-03-01'])).toEqual(['2026-03-01', '2026-03-05'])
    expect(toDateRange([{ format: () => '2026-01-02' }, { format: () => '2026-01-03' }])).toEqual(['2026-01-02', '2026-01-03'])
    expect(toDateRange(undefined)).toBeUndefined()
    expect(toDateRange(['x', '2026-01-01'])).toBeUndefined()
  })

  it('turns the search form into the query and the form into the body', () => {
    expect(logFilters({ keyword: '  识别 ', level: '1', createTimeQuery: ['2026-01-01', '2026-01-31'] }))
      .toEqual({ keyword: '识别', level: 1, createTimeQuery: ['2026-01-01', '2026-01-31'] })
    expect(logFilters({ keyword: '', level: 0 })).toEqual({ keyword: undefined, level: 0, createTimeQuery: undefined })
    expect(logBody({ level: 1, errorMes: ' 磅房断网 ', serialNumber: ' ', phone: 'admin' }))
      .toEqual({ level: 1, errorMes: '磅房断网', serialNumber: null, phone: 'admin' })
  })
})

describe('menu links', () => {
  it('finds the rule page path in the menu tree', () => {
    const toNode = (s: MenuSeed): MenuNode => ({ path: s.path, name: s.name, component: s.component, meta: { title: s.title }, children: s.children?.map(toNode) })
    const menus = MENU_SEED.map(toNode)
    expect(findMenuPath(menus, 'rule')).toBe('/bill/rule')
    expect(findMenuPath(menus, 'log')).toBe('/log/index')
    expect(findMenuPath([], 'rule')).toBeNull()
  })
})
