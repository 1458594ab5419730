import { describe, expect, it } from 'vitest'
import {
  normalizeCode, normalizePlate, normalizeSpec, normalizeText, parseDateTime, parseInteger, parseWeight, readDateTime, toHalfWidth,
} from '../../src/ocr/normalize.js'

describe('normalize', () => {
  it('folds full-width characters and colons', () => {
    expect(toHalfWidth('ＡＢ１２３（ｔ）')).toBe('AB123(t)')
    expect(normalizeText('净重：３８．５７　吨')).toBe('净重:38.57 吨')
    expect(normalizeText('车  号  58.28 t')).toBe('车号 58.28 t')
  })

  it('parses weights with units to tons', () => {
    expect(parseWeight('54.28吨')).toBe(54.28)
    expect(parseWeight('42.19 t')).toBe(42.19)
    expect(parseWeight('42.19T')).toBe(42.19)
    expect(parseWeight('38570kg')).toBe(38.57)
    expect(parseWeight('38570 KG')).toBe(38.57)
    expect(parseWeight('38570')).toBe(38.57)
    expect(parseWeight('3O.5O')).toBe(30.5)
    expect(parseWeight('l5.7l吨')).toBe(15.71)
    expect(parseWeight('16090', 'kg')).toBe(16.09)
    expect(parseWeight('无')).toBeNull()
    expect(parseInteger('80O袋')).toBe(800)
  })

  it('parses date forms', () => {
    expect(parseDateTime('2026年11月05日')).toBe('2026-11-05 00:00:00')
    expect(parseDateTime('2026年11月05日 08:32')).toBe('2026-11-05 08:32:00')
    expect(parseDateTime('2026/11/05')).toBe('2026-11-05 00:00:00')
    expect(parseDateTime('2026.11.05 08:32')).toBe('2026-11-05 08:32:00')
    expect(parseDateTime('2026-09-1213:03:42')).toBe('2026-09-12 13:03:42')
    expect(parseDateTime('2026/01/1523:19:12')).toBe('2026-01-15 23:19:12')
    expect(parseDateTime('2026-O9-12 l3:03:42')).toBe('2026-09-12 13:03:42')
    expect(parseDateTime('２０２６－０９－１２　１３：０３')).toBe('2026-09-12 13:03:00')
    expect(parseDateTime('2026-02-30')).toBeNull()
    expect(parseDateTime('没有日期')).toBeNull()
  })

  it('normalises plates only where the pattern is unambiguous', () => {
    expect(normalizePlate('川·BGCA5U')).toBe('川BGCA5U')
    expect(normalizePlate('川IBGCA5U')).toBe('川BGCA5U')
    expect(normalizePlate('鲁 A 0L29H')).toBe('鲁A0L29H')
    expect(normalizePlate('苏8JFAQQ')).toBe('苏BJFAQQ')
    expect(normalizePlate('豫FY56Y1')).toBe('豫FY56Y1')
    expect(normalizePlate('粤BD12345')).toBe('粤BD12345')
  })

  it('normalises cement grades and numbers', () => {
    expect(normalizeSpec('P.052.5-2628C')).toBe('P.O52.5-2628C')
    expect(normalizeSpec('P.I152.5-2671E')).toBe('P.II52.5-2671E')
    expect(normalizeSpec('P·S·A32.5-2624F')).toBe('P.S.A32.5-2624F')
    expect(normalizeSpec('P.C32.5R-2681E')).toBe('P.C32.5R-2681E')
    expect(normalizeCode('XS2026O9128728')).toBe('XS202609128728')
    expect(normalizeCode('N0202610104434')).toBe('NO202610104434')
  })
})

describe('dates in other orders (issue 38)', () => {
  const sep20 = Date.UTC(2026, 8, 20)
  it('reads the year last, the day and month in the order the numbers allow', () => {
    expect(parseDateTime('13/09/2026 18:28', sep20)).toBe('2026-09-13 18:28:00')
    expect(parseDateTime('09-13-2026 18:28', sep20)).toBe('2026-09-13 18:28:00')
    expect(readDateTime('13.09.2026', sep20)).toEqual({ value: '2026-09-13 00:00:00', ambiguous: false })
  })

  it('where both orders exist, takes the day of the year before the reading, and says it was a guess', () => {
    // 5 September or 9 May: both in the year before 20 September
    expect(readDateTime('05/09/2026 18:28', sep20)).toEqual({ value: '2026-09-05 18:28:00', ambiguous: true })
    // on 20 May, 5 September is still to come: 9 May is the likelier, still a guess
    expect(readDateTime('05/09/2026 18:28', Date.UTC(2026, 4, 20))).toEqual({ value: '2026-05-09 18:28:00', ambiguous: true })
    // a two-digit year last: 2012 is years ago, 9 December still to come; the terminals' order left, so marked
    expect(readDateTime('12/09/26 07:15', sep20)).toEqual({ value: '2026-09-12 07:15:00', ambiguous: true })
    // the terminals' own order stays first, a date still to come too (a generated ticket's)
    expect(readDateTime('26-09-12 13:03', sep20)).toEqual({ value: '2026-09-12 13:03:00', ambiguous: false })
    expect(readDateTime('26/12/25 10:00', sep20)).toEqual({ value: '2026-12-25 10:00:00', ambiguous: false })
    // a two-digit year glued to the hour is no year last
    expect(readDateTime('26/09/2013:03:42', sep20)).toEqual({ value: '2026-09-20 13:03:42', ambiguous: false })
  })

  it('reads English months and afternoon hours', () => {
    expect(parseDateTime('Sep 5, 2026 18:28', sep20)).toBe('2026-09-05 18:28:00')
    expect(parseDateTime('5 September 2026 08:05', sep20)).toBe('2026-09-05 08:05:00')
    expect(parseDateTime('2026/9/5 下午6:28', sep20)).toBe('2026-09-05 18:28:00')
    expect(parseDateTime('2026/9/5 上午12:10', sep20)).toBe('2026-09-05 00:10:00')
    expect(parseDateTime('2026-09-05 06:28 PM', sep20)).toBe('2026-09-05 18:28:00')
    expect(parseDateTime('2026-09-05 12:30 Team', sep20)).toBe('2026-09-05 12:30:00')
  })
})
