/** Addresses against the region data: a town one misread or missing character from the district's own is corrected, nothing else. */
import { describe, expect, test } from 'vitest'
import { correctFields } from '../../src/ocr/correct.js'
import { fixTown } from '../../src/ocr/places.js'

describe('fixTown', () => {
  test.each([
    ['南京市江宁区林陵街道天元中路9号', '南京市江宁区秣陵街道天元中路9号'],
    ['南京市江宁区陵街道天元中路9号', '南京市江宁区秣陵街道天元中路9号'],
    ['江苏省南京市江宁区秣陵街逍天元中路9号', null],
    ['南京江宁区汤山衔道', null],
  ])('%s -> %s', (read, fixed) => {
    expect(fixTown(read)).toBe(fixed)
  })

  test('a town the district has, an address without a district, or a district named in two cities stays as read', () => {
    expect(fixTown('南京市江宁区秣陵街道天元中路9号')).toBeNull()
    expect(fixTown('天元中路9号秣陵街道')).toBeNull()
    // 鼓楼区 is in Nanjing, Fuzhou, Xuzhou and Kaifeng: without the city there is no knowing which
    expect(fixTown('鼓楼区宁海路街道')).toBeNull()
    expect(fixTown('南京市鼓楼区宁海路街道')).toBeNull()
    expect(fixTown('南京市鼓楼区宁海街道')).toBe('南京市鼓楼区宁海路街道')
  })

  test('as a correction of a place field: the raw reading kept and the confidence lowered', () => {
    const fields = { signPlace: '南京市江宁区林陵街道天元中路9号' }
    const meta = { signPlace: { confidence: 0.97, source: 'label' as const } }
    correctFields(fields, meta as never)
    expect(fields.signPlace).toBe('南京市江宁区秣陵街道天元中路9号')
    expect(meta.signPlace).toMatchObject({ raw: '南京市江宁区林陵街道天元中路9号', correction: 'place', confidence: 0.8 })
  })
})
