/** The trace detail: each field beside its reading, differences found the way a person would see them. */
import { describe, expect, it } from 'vitest'
import type { TransportDetail } from '@app/contract'
import { differsFromOriginal, fieldLines, isEmbedded, shownValue } from '../src/pages/transportDetail/detailValues'

describe('differsFromOriginal', () => {
  it('a field the reading did not find never differs', () => {
    expect(differsFromOriginal('deliveryCarrier', '顺达物流', null)).toBe(false)
    expect(differsFromOriginal('deliveryCarrier', '顺达物流', undefined)).toBe(false)
    expect(differsFromOriginal('deliveryCarrier', '顺达物流', '')).toBe(false)
  })

  it('weights compare to the hundredth, whatever their form', () => {
    expect(differsFromOriginal('deliveryNetWeight', 33.2, '33.20')).toBe(false)
    expect(differsFromOriginal('deliveryNetWeight', 33.2, 33.204)).toBe(false)
    expect(differsFromOriginal('deliveryNetWeight', 33.21, 33.2)).toBe(true)
    expect(differsFromOriginal('deliveryNetWeight', null, 33.2)).toBe(true)
    expect(differsFromOriginal('deliveryBags', 600, '600')).toBe(false)
  })

  it('times compare to the second, text ignoring spaces', () => {
    expect(differsFromOriginal('deliveryTime', '2026-03-01 08:00:00', '2026-03-01 08:00')).toBe(false)
    expect(differsFromOriginal('deliveryTime', '2026-03-01 09:00:00', '2026-03-01 08:00')).toBe(true)
    expect(differsFromOriginal('deliveryPlateNumber', '皖A 12345', '皖A12345')).toBe(false)
    expect(differsFromOriginal('deliveryPlateNumber', '皖A12346', '皖A12345')).toBe(true)
  })
})

describe('fieldLines', () => {
  it('lists every delivery field with its value, its reading and whether they differ', () => {
    const vo = {
      deliveryManufactory: '海螺水泥', udDeliveryManufactory: '海螺水泥',
      deliveryNetWeight: 33.5, udDeliveryNetWeight: 35,
      deliveryCarrier: '顺达物流',
    } as unknown as TransportDetail['dResponseVO']
    const lines = fieldLines(1, vo)
    expect(lines.map((l) => l.field)).toContain('deliveryAdditional')
    expect(lines.find((l) => l.field === 'deliveryManufactory')).toMatchObject({ label: '生产厂家', value: '海螺水泥', original: '海螺水泥', differs: false })
    expect(lines.find((l) => l.field === 'deliveryNetWeight')).toMatchObject({ label: '发货净重', value: '33.50', original: '35.00', differs: true })
    expect(lines.find((l) => l.field === 'deliveryCarrier')).toMatchObject({ original: null, differs: false })
    expect(lines.find((l) => l.field === 'deliveryBags')).toMatchObject({ value: '', original: null })
  })

  it('shows weights with two decimals and nothing for empty', () => {
    expect(shownValue('signFirstNetWeight', 12)).toBe('12.00')
    expect(shownValue('signUser', null)).toBe('')
  })
})

it('?active hides 关闭, 删除 and 保存', () => {
  expect(isEmbedded(new URLSearchParams('id=3&active=1'))).toBe(true)
  expect(isEmbedded(new URLSearchParams('id=3&active'))).toBe(true)
  expect(isEmbedded(new URLSearchParams('id=3'))).toBe(false)
})
