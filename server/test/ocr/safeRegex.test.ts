import { describe, expect, it } from 'vitest'
import { safeExec, safeTest, UserRegexError, validateUserRegex } from '../../src/ocr/safeRegex.js'

describe('safeRegex', () => {
  it('validates patterns with Chinese messages', () => {
    expect(validateUserRegex('净\\s*重')).toBeNull()
    expect(validateUserRegex('([')).toMatch(/正则表达式有误/)
    expect(validateUserRegex('(a+)+$')).toMatch(/嵌套重复/)
    expect(validateUserRegex('(\\w*)*')).toMatch(/嵌套重复/)
    expect(validateUserRegex('x'.repeat(600))).toMatch(/过长/)
  })
  it('matches and returns groups', () => {
    expect(safeExec('净重:(\\d+\\.\\d+)', '净重:38.57吨')?.groups).toEqual(['净重:38.57', '38.57'])
    expect(safeTest('发货', '水泥发货单')).toBe(true)
  })
  it('stops a catastrophic pattern quickly', () => {
    const t0 = Date.now()
    expect(() => safeExec('(a+)+$', 'a'.repeat(50) + '!')).toThrow(UserRegexError)
    expect(Date.now() - t0).toBeLessThan(1000)
    // still usable afterwards
    expect(safeTest('a', 'a')).toBe(true)
  })
})
