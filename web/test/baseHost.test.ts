import { describe, expect, test } from 'vitest'
import { baseLabelOf } from '../src/pages/login/baseHost'

describe('the base a login page is opened for', () => {
  test('a sub-domain names the base by its first label', () => {
    expect(baseLabelOf('jia.jidi.example.com')).toBe('jia')
    expect(baseLabelOf('YI.localtest')).toBe('yi')
    expect(baseLabelOf('jia.jidi.example.com.')).toBe('jia')
  })
  test('an address or a one-label name names none', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '::1', '']) expect(baseLabelOf(host)).toBeNull()
  })
})
