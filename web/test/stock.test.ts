import { describe, expect, it } from 'vitest'
import {
  formatYuan, MENU_SEED, parseYuan, ROLES, StockMsg, yuanPrice,
  type Material, type MenuNode, type MenuSeed, type Permission, type StockBalance,
} from '@app/contract'
import { countDifference, countedProblem, quantityText } from '../src/features/stock/quantities'
import { materialBodyOf, materialFormValues, quantityInput } from '../src/pages/materials/materialValues'
import { checkCount, ledgerUrl, movementSource, sheetRows, stockTakeUrl } from '../src/pages/stock/stockValues'
import { buildRouteTable } from '../src/router/menu'

const material = (id: number, name: string, extra: Partial<Material> = {}): Material => ({
  id, name, typeId: 1, typeName: '铅封', specification: null, unit: '个', listPrice: 0, lowStock: '0.000', status: '在用', createTime: '', ...extra,
})
const balance = (materialId: number, materialName: string, quantity: string): StockBalance => ({
  companyId: 2, companyName: '甲基地', materialId, materialName, typeName: '铅封', specification: null, unit: '个',
  quantity, lowStock: '0.000', low: false, updateTime: '',
})

describe('money: yuan on screen, fen on the wire', () => {
  it('shows fen as yuan with two decimals, a refund with its sign', () => {
    expect(formatYuan(1250)).toBe('12.50')
    expect(formatYuan(5)).toBe('0.05')
    expect(formatYuan(0)).toBe('0.00')
    expect(formatYuan(-199)).toBe('-1.99')
  })

  it('reads typed yuan as exact fen, where floating point would be off by one', () => {
    expect(parseYuan('0.29')).toBe(29) // 0.29 * 100 is 28.999999999999996
    expect(parseYuan('19.9')).toBe(1990)
    expect(parseYuan('1000000')).toBe(100_000_000)
    expect(yuanPrice('零售价').parse(' 4.35 ')).toBe(435) // 4.35 * 100 is 434.99999999999994
  })

  it('refuses a price with more than 2 decimals, a blank one or one over the top, in Chinese', () => {
    const price = yuanPrice('零售价')
    expect(price.safeParse('1.234').error?.issues[0]?.message).toBe('零售价格式不正确，应为金额，最多2位小数')
    expect(price.safeParse('-1').error?.issues[0]?.message).toBe('零售价格式不正确，应为金额，最多2位小数')
    expect(price.safeParse('').error?.issues[0]?.message).toBe('零售价不能为空')
    expect(price.safeParse('1000000.01').error?.issues[0]?.message).toBe('零售价不能大于1000000元')
  })

  it('the material dialog sends the typed price as fen and the threshold as text, and shows a stored one back', () => {
    const body = materialBodyOf({ name: ' 铅封 ', typeId: 3, specification: ' ', unit: '个', listPrice: '0.29', lowStock: '' })
    expect(body).toEqual({ name: '铅封', typeId: 3, specification: null, unit: '个', listPrice: 29, lowStock: '0' })
    expect(materialBodyOf({ name: '标贴', typeId: 3, unit: '张', listPrice: '2', lowStock: '12.5' }).lowStock).toBe('12.5')
    expect(materialFormValues(material(1, '铅封', { listPrice: 1990, lowStock: '20.000' }))).toMatchObject({ listPrice: '19.90', lowStock: '20' })
    expect(quantityInput('0.000')).toBe('')
    expect(quantityInput('12.500')).toBe('12.5')
  })
})

describe('quantities and a count\'s difference', () => {
  it('shows quantities without trailing zeros', () => {
    expect(quantityText('12.500')).toBe('12.5')
    expect(quantityText('10.000')).toBe('10')
    expect(quantityText('0.000')).toBe('0')
    expect(quantityText('-3.250')).toBe('-3.25')
    expect(quantityText('100')).toBe('100')
  })

  it('works out counted − book in thousandths, with a sign, once the count is a valid quantity', () => {
    expect(countDifference('10.000', '8')).toBe('-2')
    expect(countDifference('10.000', '12.5')).toBe('+2.5')
    expect(countDifference('0.300', '0.1')).toBe('-0.2') // 0.1 - 0.3 is -0.19999999999999998
    expect(countDifference('10.000', '10')).toBe('0')
    expect(countDifference('10.000', '')).toBeNull()
    expect(countDifference('10.000', '1.2345')).toBeNull()
    expect(countedProblem('1.2345')).toBe('实盘数量格式不正确，应为数字，最多3位小数')
    expect(countedProblem('0')).toBeNull()
  })

  it('a sheet has every material in use and every material the base holds, with its book', () => {
    const rows = sheetRows([material(1, '铅封'), material(2, '合格证')], [balance(1, '铅封', '7.000'), balance(9, '旧标贴', '3.000')])
    expect(rows.map((r) => [r.materialName, r.book])).toEqual([['合格证', '0.000'], ['旧标贴', '3.000'], ['铅封', '7.000']])
  })

  it('sends the rows counted; a difference without a reason is refused with the server\'s message', () => {
    const rows = sheetRows([material(1, '铅封'), material(2, '合格证'), material(3, '标贴')], [balance(1, '铅封', '10.000'), balance(2, '合格证', '5.000')])
    const typed = { 1: { counted: '8', reason: '' }, 2: { counted: '5', reason: '' }, 3: { counted: ' ', reason: '' } }
    const first = checkCount(rows, typed)
    expect(first.problems.get(1)).toBe(StockMsg.reasonNeeded('铅封'))
    expect(first.lines).toEqual([{ materialId: 2, counted: '5' }])
    const second = checkCount(rows, { ...typed, 1: { counted: '8', reason: ' 破损 ' } })
    expect(second.problems.size).toBe(0)
    // in the sheet's order (by name: 合格证 before 铅封)
    expect(second.lines).toEqual([{ materialId: 2, counted: '5' }, { materialId: 1, counted: '8', reason: '破损' }])
    expect(checkCount(rows, { 3: { counted: 'abc', reason: '' } }).problems.get(3)).toBe('实盘数量格式不正确，应为数字，最多3位小数')
  })

  it('names a movement\'s document and links a material\'s ledger', () => {
    expect(movementSource({ supplyOrderId: null, saleId: 7, stockTakeId: null })).toBe('销售单 7')
    expect(movementSource({ supplyOrderId: null, saleId: null, stockTakeId: null })).toBeNull()
    expect(ledgerUrl(5)).toBe('/material/ledger?materialId=5')
    expect(ledgerUrl(5, 2)).toBe('/material/ledger?companyId=2&materialId=5')
    expect(stockTakeUrl()).toBe('/material/stockTake')
    expect(stockTakeUrl(2)).toBe('/material/stockTake?companyId=2')
  })
})

describe('the menu shows the stock screens to the roles the spec gives', () => {
  // as the server sends a role's tree: leaves it may open, sections holding any
  const menuFor = (permissions: readonly Permission[]): MenuNode[] => {
    const walk = (nodes: MenuSeed[]): MenuNode[] => nodes.flatMap((s) => {
      const children = s.children ? walk(s.children) : undefined
      if (children ? !children.length : !(s.permission && permissions.includes(s.permission))) return []
      return [{ path: s.path, name: s.name, component: s.component, redirect: s.redirect, meta: { title: s.title, icon: s.icon }, children }]
    })
    return walk(MENU_SEED)
  }
  const titles = (permissions: readonly Permission[]) => {
    const t = buildRouteTable(menuFor(permissions), permissions)
    return JSON.stringify(t.menu.map((e) => [e.title, e.children.map((c) => c.title)]))
  }

  it('headquarters: 物料类型, 物料列表 and 库存管理 under 物料库存', () => {
    expect(titles(ROLES.admin.permissions)).toContain('["物料库存",["物料类型","物料列表","库存管理"]]')
  })

  it('a base (and reception): 库存管理 alone, no reference data', () => {
    for (const role of [ROLES.baseAdmin, ROLES.reception]) {
      const menu = titles(role.permissions)
      expect(menu).toContain('库存管理')
      expect(menu).not.toContain('物料类型')
      expect(menu).not.toContain('物料列表')
    }
    expect(titles(ROLES.inspector.permissions)).not.toContain('库存管理')
  })
})
