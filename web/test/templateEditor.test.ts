import { installZodChinese, type ProcessTemplateDetail } from '@app/contract'
import { describe, expect, test } from 'vitest'
import { formValuesOf, itemFromIndicator, move, newItem, stepsProblem, templateBodyOf } from '../src/pages/processTemplates/templateValues'
import { groupBodyOf } from '../src/pages/stationGroups/groupValues'
import { indicatorBodyOf } from '../src/pages/indicators/indicatorValues'

installZodChinese()

const detail: ProcessTemplateDetail = {
  id: 7, name: '常压车辆', isOut: false, remarks: null, versionId: 3, version: 2, stepCount: 2, itemCount: 3,
  createTimeStr: '', updateTimeStr: '',
  steps: [
    { key: 's1', name: '外观', items: [{ key: 'i1', name: '标志', kind: 'pass_fail', unit: null, min: null, max: null, options: [], required: true, indicatorId: null }] },
    { key: 's2', name: '试验', items: [
      { key: 'i2', name: '压力', kind: 'number', unit: 'MPa', min: 0, max: 4, options: [], required: true, indicatorId: 5 },
      { key: 'i3', name: '结论', kind: 'choice', unit: null, min: null, max: null, options: ['合格', '不合格'], required: false, indicatorId: null },
    ] },
  ],
}

describe('template editor', () => {
  test('a loaded template goes back to the server with its keys, in the order the editor shows', () => {
    const v = formValuesOf(detail)
    const steps = move(v.steps, 1, 0)
    steps[0] = { ...steps[0]!, items: move(steps[0]!.items, 1, 0) }
    const body = templateBodyOf({ ...v, steps })
    expect(body.steps.map((s) => s.key)).toEqual(['s2', 's1'])
    expect(body.steps[0]!.items.map((i) => i.key)).toEqual(['i3', 'i2'])
    expect(body.steps[0]!.items[1]).toMatchObject({ unit: 'MPa', min: 0, max: 4, indicatorId: 5 })
    expect(body.remarks).toBeNull()
  })

  test('fields the kind does not use are dropped; names and options trimmed', () => {
    const item = { ...newItem('text'), name: ' 备注 ', unit: 'mm', min: 1, max: 2, options: ['x'] }
    const choice = { ...newItem('choice'), name: '结论', options: [' 是 ', '', '否'] }
    const body = templateBodyOf({ name: ' 模板 ', steps: [{ uid: 'a', name: ' 步骤 ', items: [item, choice] }] })
    expect(body).toMatchObject({ name: '模板', steps: [{ name: '步骤', items: [
      { name: '备注', unit: null, min: null, max: null, options: [] },
      { name: '结论', options: ['是', '否'] },
    ] }] })
  })

  test('the form names the first problem the server would find', () => {
    expect(stepsProblem([])).toBe('至少需要1个步骤')
    expect(stepsProblem(formValuesOf(null).steps)).toBe('检验项名称不能为空')
    const pressure = { ...newItem('number'), name: '压力', min: 5, max: 1 }
    expect(stepsProblem([{ uid: 'a', name: '试验', items: [pressure] }])).toBe('检验项“压力”的最小值不能大于最大值')
    expect(stepsProblem(formValuesOf(detail).steps)).toBeNull()
  })

  test('an indicator is copied into a step, remembering where it came from', () => {
    const item = itemFromIndicator({ id: 9, name: '导静电电阻', kind: 'number', unit: 'Ω', min: 0, max: 10, options: [], required: true, remarks: null, createTimeStr: '' })
    expect(item).toMatchObject({ name: '导静电电阻', unit: 'Ω', max: 10, indicatorId: 9 })
    expect(move([1, 2, 3], 0, 5)).toEqual([1, 2, 3])
  })
})

describe('indicator and group dialogs', () => {
  test('an indicator keeps only what its kind uses', () => {
    expect(indicatorBodyOf({ name: ' 压力 ', kind: 'choice', unit: 'MPa', min: 1, options: [' 高 ', '低', ''], required: false, remarks: ' ' }))
      .toEqual({ name: '压力', kind: 'choice', unit: null, min: null, max: null, options: ['高', '低'], required: false, remarks: null })
  })

  test('a group sends its stations in order, existing ones by id, empty rows left out', () => {
    expect(groupBodyOf({ companyId: 3, name: ' 一号线 ', center: '罐车一中心', stations: [{ id: 4, name: ' 外观 ' }, { name: '' }, { name: '耐压' }] }))
      .toEqual({ companyId: 3, name: '一号线', center: '罐车一中心', remarks: null, stations: [{ id: 4, name: '外观' }, { name: '耐压' }] })
  })
})
