/** Format choice and rule application on synthetic OCR lines (no image work). */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { DEFAULT_EXTRACTION_RULES, DEFAULT_RECEIPT_FORMATS, GENERIC_FALLBACK_FORMAT_ID } from '../../src/ocr/defaults.js'
import type { OcrLine } from '../../src/ocr/ocrLine.js'
import { extractFields, fallbackExtractor } from '../../src/ocr/extract.js'
import { buildLayout } from '../../src/ocr/layout.js'
import { matchesRule, rankFormats } from '../../src/ocr/formats.js'
import type { ExtractionRule, ReceiptFormat } from '../../src/ocr/types.js'
import { withCpuMs } from '../timing.js'

/** a text box at (x, y) with height 20, 14 px per character */
function L(text: string, x: number, y: number, w = text.length * 14): OcrLine {
  return { text, score: 0.98, box: [[x, y], [x + w, y], [x + w, y + 20], [x, y + 20]] }
}
const size = { width: 1000, height: 800 }

describe('value geometry', () => {
  it('takes a value from the same box, the box to the right, or the box below', () => {
    const lines = [
      L('某某水泥有限公司发货单', 300, 10),
      L('净重：38.57吨', 20, 60), // same box
      L('毛重', 20, 100), L('54.28 t', 200, 100), // right of the label
      L('皮重', 500, 60), L('15.71', 500, 90), // below the label (table column)
      L('车  号', 20, 140), L('川·BGCA5U', 200, 140),
      L('购货单位', 20, 180), L('山东高速路桥集团股份有限公司', 200, 180),
      L('发货日期：2026年09月12日 13:03:42', 20, 220),
      L('电话：13800000000', 500, 260),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryNetWeight).toBe(38.57)
    expect(r.fields.deliveryGrossWeight).toBe(54.28)
    expect(r.fields.deliveryTareWeight).toBe(15.71)
    expect(r.fields.deliveryPlateNumber).toBe('川BGCA5U')
    expect(r.fields.deliveryCustomer).toBe('山东高速路桥集团股份有限公司')
    expect(r.fields.deliveryTime).toBe('2026-09-12 13:03:42')
    expect(r.fields.deliveryManufactory).toBe('某某水泥有限公司')
    expect(r.meta.deliveryManufactory.source).toBe('title')
    expect(r.meta.deliveryGrossWeight.box).toEqual([[200, 100], [298, 100], [298, 120], [200, 120]])
    expect(r.flags).toEqual({})
  })

  it('reads a header row with values below (table columns) and kg units', () => {
    const lines = [
      L('过磅单', 400, 10),
      L('车号', 20, 60, 60), L('毛重(kg)', 200, 60, 100), L('皮重(kg)', 400, 60, 100), L('净重(kg)', 600, 60, 100),
      L('京A12345', 20, 95, 100), L('49000', 200, 95, 70), L('15000', 400, 95, 70), L('34000', 600, 95, 70),
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryPlateNumber).toBe('京A12345')
    expect(r.fields.deliveryGrossWeight).toBe(49)
    expect(r.fields.deliveryTareWeight).toBe(15)
    expect(r.fields.deliveryNetWeight).toBe(34)
  })

  it('flags failed checks without changing the values', () => {
    const lines = [L('净重:30.00', 20, 20), L('毛重:50.00', 20, 60), L('皮重:15.00', 20, 100), L('车牌号:京12345', 20, 140)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryNetWeight).toBe(30)
    expect(r.flags.deliveryNetWeight).toMatch(/毛重/)
  })
})

describe('format choice', () => {
  const formats: ReceiptFormat[] = [
    { id: 10, name: '低', type: 1, regular: '发货单', rankcom: 1 },
    { id: 11, name: '高', type: 1, regular: '发货单', rankcom: 9 },
    { id: 12, name: '排除', type: 1, regular: '发货单', rankcom: 50, excludeKeywords: '作废，样品' },
    { id: 13, name: '收货', type: 2, regular: '发货单', rankcom: 99 },
    { id: 14, name: '要净重', type: 1, regular: '^.*发货单', rankcom: 20, requiredFields: ['deliveryNetWeight'] },
  ]
  it('picks the best-ranked matching format of the type, honouring exclude keywords', () => {
    const text = '水泥发货单\n作废'
    const { candidates } = rankFormats(formats, 1, text)
    expect(candidates.map((f) => f.id)).toEqual([14, 11, 10])
  })
  it('drops a format whose required fields do not come out, then falls back', () => {
    const lines = [L('水泥发货单', 300, 10), L('车号：京A12345', 20, 60)]
    const r = analyzeLines({ lines, fileType: 1, formats, rules: [], ...size })
    expect(r.format).toEqual({ id: 12, name: '排除' })
    const r2 = analyzeLines({ lines: [...lines, L('样品', 20, 100)], fileType: 1, formats, rules: [], ...size })
    expect(r2.format?.id).toBe(11) // 14 needs a net weight, 12 is excluded
    const r3 = analyzeLines({ lines, fileType: 1, formats: [formats[4]], rules: [], ...size })
    expect(r3.format).toBeNull() // synonyms only
    expect(r3.fields.deliveryPlateNumber).toBe('京A12345')
  })
  it('keyword lists: groups all required, | alternatives', () => {
    expect(matchesRule('过磅|磅单, 毛重', '收货过磅单 毛重')).toBe(true)
    expect(matchesRule('过磅|磅单, 毛重', '收货过磅单')).toBe(false)
    expect(matchesRule('发货单 收货单', '发货单')).toBe(false)
    expect(matchesRule('^水泥.*单$', '水泥发货单')).toBe(true)
  })
  it('defaults: format 3 exists, is generic and every default regex is valid', async () => {
    const { validateUserRegex } = await import('../../src/ocr/safeRegex.js')
    const f3 = DEFAULT_RECEIPT_FORMATS.find((f) => f.id === GENERIC_FALLBACK_FORMAT_ID)!
    expect(f3).toBeTruthy()
    expect(matchesRule(f3.regular, 'anything')).toBe(true)
    for (const r of DEFAULT_EXTRACTION_RULES) {
      // every default rule finds its label and its value by a pattern, and each pattern is safe to run
      for (const src of [r.valueNameRegular, r.valueRegular]) {
        expect(src, `rule ${r.id}`).toEqual(expect.any(String))
        // the analysis may take its time: beside four CPU-bound processes one took over its usual 5 s
        expect(await validateUserRegex(src!, 60_000), src!).toBeNull()
      }
      expect(DEFAULT_RECEIPT_FORMATS.some((f) => f.id === r.receiptFormatId)).toBe(true)
    }
  })
})

describe('extraction rules', () => {
  const formats: ReceiptFormat[] = [{ id: 1, name: 'F', type: 1, regular: '', rankcom: 1 }]
  const rule = (r: Partial<ExtractionRule>): ExtractionRule => ({ id: 1, property: 'deliveryNumber', receiptFormatId: 1, ...r })
  it('label regex + value regex: same box, right of, below', () => {
    const same = analyzeLines({ lines: [L('票号 A-77 编码XY99887766', 20, 20)], fileType: 1, formats, ...size,
      rules: [rule({ valueNameRegular: '编码', valueRegular: '([A-Z]{2}\\d+)' })] })
    expect(same.fields.deliveryNumber).toBe('XY99887766')
    expect(same.meta.deliveryNumber.source).toBe('rule')
    const right = analyzeLines({ lines: [L('编码', 20, 20), L('XY99887766', 150, 22)], fileType: 1, formats, ...size,
      rules: [rule({ valueNameRegular: '^编码$', valueRegular: '[A-Z]{2}\\d+' })] })
    expect(right.fields.deliveryNumber).toBe('XY99887766')
    const below = analyzeLines({ lines: [L('编码', 20, 20, 80), L('出厂', 300, 20), L('XY99887766', 10, 50)], fileType: 1, formats, ...size,
      rules: [rule({ valueNameRegular: '编码' })] })
    expect(below.fields.deliveryNumber).toBe('XY99887766')
  })
  it('a catastrophic regex in a rule finishes quickly with a flag', async () => {
    const { value: r, cpuMs } = await withCpuMs(() => analyzeLines({ lines: [L('a'.repeat(40) + '!', 20, 20), L('净重:30.00', 20, 60)], fileType: 1, formats, ...size,
      rules: [rule({ valueNameRegular: '(a+)+$' })] }))
    // unbounded, hours
    expect(cpuMs).toBeLessThan(2000)
    expect(r.flags.deliveryNumber).toMatch(/超时/)
    expect(r.fields.deliveryNetWeight).toBe(30)
  })
  it('an invalid regex in a rule is reported, not thrown', () => {
    const r = analyzeLines({ lines: [L('单号:XS123456789', 20, 20)], fileType: 1, formats, ...size,
      rules: [rule({ valueNameRegular: '([' })] })
    expect(r.flags.deliveryNumber).toMatch(/正则表达式有误/)
    expect(r.fields.deliveryNumber).toBe('XS123456789') // synonyms still fill it
  })
  it('a value-only rule takes the first line whose match reads as the field (group 1 if any)', () => {
    const lines = [L('编码 AB12', 20, 20), L('编码 XY99887766', 20, 60), L('编码 ZZ11223344', 20, 100)]
    const r = analyzeLines({ lines, fileType: 1, formats, ...size, rules: [rule({ valueRegular: '编码 ([A-Z]{2}\\d+)' })] })
    expect(r.fields.deliveryNumber).toBe('XY99887766') // AB12 has too few digits for a number
    expect(r.meta.deliveryNumber.source).toBe('rule')
    expect(r.meta.deliveryNumber.box).toEqual([[20, 60], [202, 60], [202, 80], [20, 80]])
  })
  it('a catastrophic value-only regex gets one time limit for all the lines, not one per line', async () => {
    // each line alone takes tens of milliseconds of work (under the limit), all of them together seconds
    const lines = Array.from({ length: 100 }, (_, i) => L('a'.repeat(22) + '!', 20, 20 + 30 * i))
    const { value: r, cpuMs } = await withCpuMs(() => analyzeLines({ lines: [...lines, L('净重:30.00', 20, 3100)], fileType: 1, formats, ...size,
      rules: [rule({ valueRegular: '(a+)+$' })] }))
    expect(cpuMs).toBeLessThan(2000)
    expect(r.flags.deliveryNumber).toMatch(/超时/)
    expect(r.fields.deliveryNetWeight).toBe(30)
  })
  it('a value-only rule on a ticket without lines is no error', () => {
    const r = analyzeLines({ lines: [], fileType: 1, formats, ...size, rules: [rule({ valueRegular: '([' })] })
    expect(r.flags).toEqual({})
  })
})

describe('the title', () => {
  it('names the manufacturer without a box of no Chinese beside it (a punched hole read as 0)', () => {
    const lines = [L('0', 4, 12, 10), L('广元长城水泥有限责任公司 产品发货单', 40, 10), L('净重：38.57吨', 20, 60)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryManufactory).toBe('广元长城水泥有限责任公司')
  })
})

describe('numbers read with debris or a decimal comma', () => {
  it('takes a weight whole through a default rule when its decimal point was read as a comma', () => {
    const lines = [L('发货单', 300, 10), L('毛重：', 20, 60), L('45.13', 140, 60, 70), L('皮重：', 20, 100), L('16,93', 140, 100, 70), L('净重：', 20, 140), L('28.20', 140, 140, 70)]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryTareWeight).toBe(16.93)
    expect(r.meta.deliveryTareWeight.source).toBe('rule')
  })

  it('of a weight\'s readings, takes the one that is nothing but the number', () => {
    const lines = [L('总重', 20, 60), { ...L('61.6...', 140, 60, 70), score: 0.69, alternates: [{ text: '61.64', score: 0.6 }, { text: '6t.6-.', score: 0.5 }] }, L('皮重', 20, 100), { ...L('14.87', 140, 100, 70), alternates: [{ text: '14.37', score: 0.97 }] }]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryGrossWeight).toBe(61.64)
    // both whole numbers: the first reading
    expect(r.fields.deliveryTareWeight).toBe(14.87)
  })

  it('of a name\'s or a cement number\'s readings, takes one holding a character the first cut lost inside it; not for a code or a plate', () => {
    const lines = [
      L('购货单位：', 20, 20), { ...L('株洲市源构件股份有限公司', 160, 20), alternates: [{ text: '株洲市鑫源构件股份有限公司', score: 0.9 }] },
      L('水泥编号：', 20, 60), { ...L('P.I52.5-2673F', 160, 60), alternates: [{ text: 'P.II52.5-2673F', score: 0.9 }] },
      L('发货单号：', 20, 100), { ...L('XS202604128667', 160, 100), alternates: [{ text: 'XS2026041218667', score: 0.9 }] },
      L('车牌号：', 20, 140), { ...L('黑MF80X2', 160, 140), alternates: [{ text: '黑M1F80X2', score: 0.9 }] },
    ]
    const r = analyzeLines({ lines, fileType: 1, ...size })
    expect(r.fields.deliveryCustomer).toBe('株洲市鑫源构件股份有限公司')
    expect(r.fields.deliverySpecific).toBe('P.II52.5-2673F')
    // a code: a digit more is a stroke read twice as often as one lost
    expect(r.fields.deliveryNumber).toBe('XS202604128667')
    // a plate's dot read as 1: the first reading
    expect(r.fields.deliveryPlateNumber).toBe('黑MF80X2')
  })

  it('of a cement number\'s readings, takes one with a standard grade over one holding a character more', () => {
    const lines = [L('水泥编号：', 20, 60), { ...L('P.II52.5-2662F', 160, 60), score: 0.99, alternates: [{ text: 'P.II152.5-2662F', score: 0.97 }] }]
    expect(analyzeLines({ lines, fileType: 1, ...size }).fields.deliverySpecific).toBe('P.II52.5-2662F')
    const misread = [L('水泥编号：', 20, 60), { ...L('P.O4Z.5-2662F', 160, 60), score: 0.9, alternates: [{ text: 'P.O42.5-2662F', score: 0.8 }] }]
    expect(analyzeLines({ lines: misread, fileType: 1, ...size }).fields.deliverySpecific).toBe('P.O42.5-2662F')
  })

  it('of a name\'s readings the domain\'s words explain as well, takes the one the recogniser was surest of, but not a shorter one', () => {
    const lines = [
      L('收货单位：', 20, 20), { ...L('本溪房飞建工有限公司', 160, 20), score: 0.8, alternates: [{ text: '本溪腾飞建工有限公司', score: 0.93 }, { text: '本溪建工有限公司', score: 0.98 }] },
      L('承运单位：', 20, 60), { ...L('唐山天成货运有限公司', 160, 60), score: 0.9, alternates: [{ text: '唐山天或货运有限公司', score: 0.91 }] },
      L('签收人：', 20, 100), { ...L('谢海建', 160, 100), score: 0.76, alternates: [{ text: '谢涛建', score: 0.85 }] },
      L('收货地址：', 20, 140), { ...L('长治市城关区文化路68号搅拌站', 160, 140), score: 0.8, alternates: [{ text: '长治市城关区文化路68号揽拌站', score: 0.95 }] },
    ]
    const r = analyzeLines({ lines, fileType: 2, ...size })
    expect(r.fields.signName).toBe('本溪腾飞建工有限公司')
    // hardly surer (one character's noise): the first reading
    expect(r.fields.signCarrier).toBe('唐山天成货运有限公司')
    expect(r.fields.signUser).toBe('谢涛建')
    // surer, but the trade's words explain the first better
    expect(r.fields.signPlace).toBe('长治市城关区文化路68号搅拌站')
  })
})

describe('built-in fallbacks shared by the candidate formats', () => {
  const lines = [
    L('某某水泥有限公司发货单', 300, 10),
    L('净重：38.57吨', 20, 60), L('毛重：54.28吨', 20, 100), L('皮重：15.71吨', 20, 140),
    L('车号：川BGCA5U', 20, 180), L('单号：XS20260912001', 20, 220), L('编码 XY99887766', 20, 260),
  ]
  const formats: ReceiptFormat[] = [
    { id: 1, name: '需要批号', type: 1, regular: '', rankcom: 9, requiredFields: ['Bags'] },
    { id: 2, name: '次选', type: 1, regular: '', rankcom: 5 },
  ]
  const rules: ExtractionRule[] = [
    { id: 1, property: 'deliveryNumber', receiptFormatId: 1, valueRegular: '编码 ([A-Z]{2}\\d+)' },
    { id: 2, property: 'deliveryCarrier', receiptFormatId: 1, valueNameRegular: '([' },
    { id: 3, property: 'deliveryGoodsName', receiptFormatId: 2, valueNameRegular: '([' },
    { id: 4, property: 'deliveryNetWeight', receiptFormatId: 2, valueRegular: '毛重:(\\d+\\.\\d+)' },
  ]
  it('each format\'s rules come first, the fallbacks fill the rest, a rejected format\'s rules and errors stay out of the answer', () => {
    const layout = buildLayout(lines, 1, size.width, size.height)
    const fallback = fallbackExtractor(layout)
    for (const f of formats) {
      const own = rules.filter((r) => r.receiptFormatId === f.id)
      const shared = extractFields(layout, own, fallback)
      expect(shared).toEqual(extractFields(layout, own))
    }
    const first = extractFields(layout, rules.filter((r) => r.receiptFormatId === 1), fallback)
    expect(first.results.deliveryNumber.value).toBe('XY99887766')
    expect(first.results.deliveryNetWeight.meta.source).toBe('synonym')
    expect(Object.keys(first.errors)).toEqual(['deliveryCarrier'])

    // format 1 finds no bags, so format 2 is chosen: its rules and errors only, the fallbacks for the rest
    const r = analyzeLines({ lines, fileType: 1, formats, rules, ...size })
    expect(r.format).toEqual({ id: 2, name: '次选' })
    expect(r.fields.deliveryNetWeight).toBe(54.28)
    expect(r.meta.deliveryNetWeight.source).toBe('rule')
    expect(r.fields.deliveryNumber).toBe('XS20260912001')
    expect(r.meta.deliveryNumber.source).toBe('synonym')
    expect(r.fields.deliveryManufactory).toBe('某某水泥有限公司')
    expect(r.flags.deliveryGoodsName).toMatch(/取值规则 3 无法执行/)
    expect(r.flags.deliveryCarrier).toBeUndefined()
  })
})
