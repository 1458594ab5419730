/** Readings a recogniser's doubted characters allow, and the extraction's choice among them (no image work). */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { CORRECTED_CONFIDENCE } from '../../src/ocr/correct.js'
import { doubtedReadings } from '../../src/ocr/doubts.js'
import type { CharDoubt, OcrLine } from '../../src/ocr/ocrLine.js'
import { nameSupport, personSupport } from '../../src/ocr/names.js'

function L(text: string, x: number, y: number, doubts?: CharDoubt[]): OcrLine {
  const w = text.length * 14
  return { text, score: 0.95, box: [[x, y], [x + w, y], [x + w, y + 20], [x, y + 20]], ...(doubts ? { doubts } : {}) }
}
const size = { width: 1000, height: 400 }

describe('doubtedReadings', () => {
  it('changes one, then two doubted characters of the value to what else the recogniser saw there', () => {
    const doubts: CharDoubt[] = [{ at: 3, others: [['铜', 0.24], ['钥', 0.02]] }, { at: 9, others: [['土', 0.3]] }]
    expect(doubtedReadings('钢陵市城关区', '地址：钢陵市城关区', doubts)).toEqual(['铜陵市城关区'])
    expect(doubtedReadings('钢陵市城关区士', '地址：钢陵市城关区士', doubts)).toEqual(['铜陵市城关区士', '钢陵市城关区土', '铜陵市城关区土'])
  })

  it('offers nothing for characters outside the value, unlikely others, or a reading normalised to another length', () => {
    expect(doubtedReadings('城关区', '地址：钢陵市城关区', [{ at: 3, others: [['铜', 0.24]] }])).toEqual([])
    expect(doubtedReadings('钢陵市', '地址：钢陵市', [{ at: 3, others: [['铜', 0.02]] }])).toEqual([])
    // a character seen in one frame in twenty is still considered: the domain's words decide
    expect(doubtedReadings('钢陵市', '地址：钢陵市', [{ at: 3, others: [['铜', 0.05]] }])).toEqual(['铜陵市'])
    // 'A  B' loses a space when normalised: the positions no longer hold
    expect(doubtedReadings('钢陵市', '地址  钢陵市', [{ at: 4, others: [['铜', 0.3]] }])).toEqual([])
    expect(doubtedReadings('钢陵市', '钢陵市', undefined)).toEqual([])
  })
})

describe('domain words', () => {
  it('explain region names, the trade\'s words and the legal form of a name', () => {
    expect(nameSupport('铜陵市城关区')).toBeGreaterThan(nameSupport('钢陵市城关区'))
    expect(nameSupport('龙岩市德润混凝土有限公司')).toBeGreaterThan(nameSupport('龙岩市德润溉凝土有限公司'))
    expect(nameSupport('文化路68号搅拌站')).toBeGreaterThan(nameSupport('文化路68号揽拌站'))
  })

  it('know a person\'s name by its surname, then by the characters given names are made of', () => {
    expect(personSupport('侯志霞')).toBeGreaterThan(personSupport('候志霞'))
    expect(personSupport('欧阳娜')).toBeGreaterThan(personSupport('吹阳娜'))
    expect(personSupport('朱凯宇')).toBeGreaterThan(personSupport('朱凯字'))
    expect(personSupport('李林海')).toBeGreaterThan(personSupport('李林面'))
  })
})

describe('a doubted character in a name, an address or a person\'s name', () => {
  it('is taken from what else the recogniser saw when the domain\'s words explain that better, and the field is marked', () => {
    const lines = [
      L('收货单位：', 20, 20), L('钢陵鑫源市政股份有限公司', 160, 20, [{ at: 0, others: [['铜', 0.19]] }]),
      L('工地地址：', 20, 60), L('长治市城关区文化路68号揽拌站', 160, 60, [{ at: 12, others: [['搅', 0.14]] }]),
      L('收料员：', 20, 100), L('候志霞', 160, 100, [{ at: 0, others: [['侯', 0.42]] }]),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signName).toBe('铜陵鑫源市政股份有限公司')
    expect(r.fields.signPlace).toBe('长治市城关区文化路68号搅拌站')
    expect(r.fields.signUser).toBe('侯志霞')
    expect(r.meta.signPlace).toMatchObject({ raw: '长治市城关区文化路68号揽拌站', correction: 'otherReading', confidence: CORRECTED_CONFIDENCE })
    expect(r.meta.signUser).toMatchObject({ raw: '候志霞', correction: 'otherReading' })
  })

  it('stays as read when the other reading is explained no better, and in fields of other kinds', () => {
    const lines = [
      L('收货单位：', 20, 20), L('遵义鑫源市政股份有限公司', 160, 20, [{ at: 3, others: [['原', 0.3]] }]),
      L('车号：', 20, 60), L('贵A12345', 160, 60, [{ at: 0, others: [['黔', 0.4]] }]),
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signName).toBe('遵义鑫源市政股份有限公司')
    expect(r.fields.signPlateNumber).toBe('贵A12345')
    expect(Object.values(r.meta).some((m) => m.correction === 'otherReading')).toBe(false)
  })
})
