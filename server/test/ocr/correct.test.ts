/** Domain corrections: made only where the domain leaves one reading, always marked in the meta. */
import { describe, expect, it } from 'vitest'
import { analyzeLines } from '../../src/ocr/analyze.js'
import { agreeRepeatedNames, completeLegalForm, correctFields, CORRECTED_CONFIDENCE, fixNumberLetter, fixPlate, fixWeights, holdsGrade, snapGoods, snapGrade, snapToSaved } from '../../src/ocr/correct.js'
import { lookalikeDistance } from '../../src/ocr/distance.js'
import type { OcrLine } from '../../src/ocr/ocrLine.js'

const L = (text: string, y: number): OcrLine => ({ text, score: 0.97, box: [[20, y], [20 + text.length * 14, y], [20 + text.length * 14, y + 20], [20, y + 20]] })

describe('legal form', () => {
  it('completes a cut or misread ending that can only be one legal form', () => {
    expect(completeLegalForm('遵义汇通建材有限公')).toBe('遵义汇通建材有限公司')
    expect(completeLegalForm('遵义汇通建材有限公可')).toBe('遵义汇通建材有限公司')
    expect(completeLegalForm('洛阳海螺水泥有限责任公')).toBe('洛阳海螺水泥有限责任公司')
    expect(completeLegalForm('洛阳海螺水泥有限责')).toBe('洛阳海螺水泥有限责任公司')
    expect(completeLegalForm('安徽海螺水泥股份有限公')).toBe('安徽海螺水泥股份有限公司')
    expect(completeLegalForm('华新水泥有眼公司')).toBe('华新水泥有限公司')
    expect(completeLegalForm('徐州长江货运育限公司')).toBe('徐州长江货运有限公司')
    expect(completeLegalForm('徐州长江货运宥限公')).toBe('徐州长江货运有限公司')
    expect(completeLegalForm('包头润泽供应链有限资任公司')).toBe('包头润泽供应链有限责任公司')
    expect(completeLegalForm('安阳市德润建工有限费任公司')).toBe('安阳市德润建工有限责任公司')
    expect(completeLegalForm('牡丹江利民市政设份有限公司')).toBe('牡丹江利民市政股份有限公司')
    expect(completeLegalForm('柳州长城水泥服份有限公')).toBe('柳州长城水泥股份有限公司')
  })
  it('leaves whole names and endings that could be several forms', () => {
    expect(completeLegalForm('遵义汇通建材有限公司')).toBeNull()
    expect(completeLegalForm('海螺水泥厂')).toBeNull()
    expect(completeLegalForm('遵义汇通建材有限')).toBeNull() // 有限公司 or 有限责任公司: a guess
    expect(completeLegalForm('遵义汇通建材有')).toBeNull()
  })
})

describe('cement grade', () => {
  it('tells a value that starts with a standard grade, as it is or once snapped', () => {
    expect(holdsGrade('P.II52.5-2662F')).toBe(true)
    expect(holdsGrade('PO42.5R-2448E')).toBe(true)
    expect(holdsGrade('P.S.A32.5')).toBe(true)
    expect(holdsGrade('P.II152.5-2662F')).toBe(false)
    expect(holdsGrade('P.O4Z.5-2662F')).toBe(false)
    // no such class
    expect(holdsGrade('P.O32.5')).toBe(false)
    expect(holdsGrade('散装')).toBe(false)
  })

  it('snaps the spellings read to the standard grade and keeps the batch', () => {
    expect(snapGrade('PO42.5R-2448E')).toBe('P.O42.5R-2448E')
    expect(snapGrade('PI42.5-2433D')).toBe('P.I42.5-2433D')
    expect(snapGrade('P·O 42.5-2482G')).toBe('P.O42.5-2482G')
    expect(snapGrade('P.042.5')).toBe('P.O42.5')
    expect(snapGrade('P.S A32.5-2624F')).toBe('P.S.A32.5-2624F')
    expect(snapGrade('P.1I52.5')).toBe('P.II52.5')
    expect(snapGrade('P.C 32.5r')).toBe('P.C32.5R')
    // the decimal point lost: every strength class is NN.5
    expect(snapGrade('P.C325R-2556H')).toBe('P.C32.5R-2556H')
    // the strength's 5 read as S, the slag type's B as 8
    expect(snapGrade('P.C42.SR-2514B')).toBe('P.C42.5R-2514B')
    expect(snapGrade('P.S.A42.S-2451K')).toBe('P.S.A42.5-2451K')
    expect(snapGrade('P.S.8325-2618A')).toBe('P.S.B32.5-2618A')
    expect(snapGrade('P.(32.5R-2506K')).toBe('P.C32.5R-2506K')
    // the dot after P read as a dash
    expect(snapGrade('P-042.5-2537B')).toBe('P.O42.5-2537B')
  })
  it('leaves a standard grade, a strength the type does not have, and other values', () => {
    expect(snapGrade('P.O42.5-2608F')).toBeNull()
    expect(snapGrade('P.O2.5-2482G')).toBeNull() // 42.5 or 52.5: a guess
    expect(snapGrade('P.O32.5')).toBeNull() // no such grade since GB 175-2007
    expect(snapGrade('2608F')).toBeNull()
  })
})

describe('goods name', () => {
  it.each([
    ['袋装矿硅酸盐水泥', 'P.S.A32.5-2431K', 200, '袋装矿渣硅酸盐水泥'],
    ['矿硅酸盐水泥', 'P.S.B32.5-2431K', null, '矿渣硅酸盐水泥'],
    ['华装火山灰质硅酸站水泥', 'P.P32.5R-2673H', 400, '袋装火山灰质硅酸盐水泥'],
    ['装装普通硅酸盐水泥', null, 0, '散装普通硅酸盐水泥'],
    ['复合硅酸盐水配', null, null, '复合硅酸盐水泥'],
    // no bags printed: the packaging word 敬 looks like
    ['敬装普通硅酸盐水泥', null, null, '散装普通硅酸盐水泥'],
    ['贷装普通硅酸盐水泥', null, null, '袋装普通硅酸盐水泥'],
  ])('%s (grade %s, bags %s) -> %s', (read, grade, bags, fixed) => {
    expect(snapGoods(read, grade, bags)).toBe(fixed)
  })
  it('leaves a standard name, one two names are as near to, a name far from its grade\'s, and a packaging word without bags that looks like neither', () => {
    expect(snapGoods('散装普通硅酸盐水泥', 'P.O42.5', 0)).toBeNull()
    // 硅酸盐水泥 without 矿, or 矿渣硅酸盐水泥 without 渣: only a grade tells
    expect(snapGoods('矿硅酸盐水泥', null, null)).toBeNull()
    expect(snapGoods('复合硅酸盐水泥', 'P.O42.5', null)).toBeNull()
    expect(snapGoods('华装普通硅酸盐水泥', null, null)).toBeNull()
    expect(snapGoods('名种', null, null)).toBeNull()
  })
})

describe('plate', () => {
  it('resolves 0/O, 1/I and the letter after the province by position', () => {
    expect(fixPlate('冀0S0VD6')).toBe('冀DS0VD6')
    expect(fixPlate('冀AO12I5')).toBe('冀A01215')
    expect(fixPlate('粤B0O123')).toBe('粤B00123')
    // new-energy: D/F third, digits after
    expect(fixPlate('京A0I2B45')).toBe('京AD12845')
    expect(fixPlate('京AF1234O')).toBe('京AF12340')
  })
  it('leaves 8/B and 0/D where both are possible, and non-plates', () => {
    expect(fixPlate('冀A8B8D0')).toBeNull()
    expect(fixPlate('ABC123')).toBeNull()
  })
})

describe('saved names', () => {
  const saved = ['邯郸嘉禾建材有限公司', '唐山长江建材集团有限公司', '东方水泥宜昌有限公司', '东方水泥宣昌有限公司']
  it('snaps a reading within one or two look-alike characters to the one saved name that near', () => {
    expect(lookalikeDistance('邯郸嘉禾建村有限公司', '邯郸嘉禾建材有限公司')).toBe(1)
    expect(snapToSaved('邯郸嘉禾建村有限公司', saved)).toBe('邯郸嘉禾建材有限公司')
    expect(snapToSaved('唐山长江建材集困有限公可', saved)).toBe('唐山长江建材集团有限公司')
  })
  it('leaves a reading two saved names are as near to, a far one, and a saved one', () => {
    expect(snapToSaved('东方水泥宜昌有限公司', saved)).toBeNull()
    expect(snapToSaved('东方水泥亘昌有限公司', saved)).toBeNull()
    expect(snapToSaved('海东建财有限公司', saved)).toBeNull()
  })
})

describe('a party named more than once', () => {
  it('agrees each character by the readings that have it', () => {
    expect(agreeRepeatedNames(['武关泰和建工有限公司', '韶关券和建工有限公司', '韶关泰和建工有限公司'])).toEqual(['韶关泰和建工有限公司', '韶关泰和建工有限公司', null])
  })
  it('between two readings, takes the one that names a real place there, else leaves both', () => {
    expect(agreeRepeatedNames(['道义黄河市政集团有限公司', '遵义黄河市政集团有限公司'])).toEqual(['遵义黄河市政集团有限公司', null])
    // 宜兴 is a city (无锡): a place named in the middle counts too
    expect(agreeRepeatedNames(['无锡宣兴市政集团有限公司', '无锡宜兴市政集团有限公司'])).toEqual(['无锡宜兴市政集团有限公司', null])
    // 永兴 is a county's name without its 县: two common characters, no place's name
    expect(agreeRepeatedNames(['宜昌水兴市政集团有限公司', '宜昌永兴市政集团有限公司'])).toEqual([null, null])
    expect(agreeRepeatedNames(['万年青水泥股份有限公司', '万年靑水泥股份有限公司'])).toEqual([null, null])
  })
  it('restores a reading that lost its first one or two characters from a whole one the region names explain better', () => {
    expect(agreeRepeatedNames(['阳嘉禾市政集团有限公司', '襄阳嘉禾市政集团有限公司'])).toEqual(['襄阳嘉禾市政集团有限公司', null])
    expect(agreeRepeatedNames(['襄阳嘉禾市政集团有限公司', '市政集团有限公司', '嘉禾市政集团有限公司'])).toEqual([null, null, '襄阳嘉禾市政集团有限公司'])
    // more is not better explained: another company
    expect(agreeRepeatedNames(['宏达嘉禾市政集团有限公司', '嘉禾市政集团有限公司'])).toEqual([null, null])
  })

  it('leaves names that differ in more than two characters, in length, or are short', () => {
    // two neighbours differing is another word, not a misread character
    expect(agreeRepeatedNames(['唐山鸿基运输有限公司', '唐山鸿基建材有限公司', '唐山鸿基建材有限公司'])).toEqual([null, null, null])
    expect(agreeRepeatedNames(['郑郸嘉未建基有限公司', '邯郸嘉禾建材有限公司', '邯郸嘉禾建材有限公司'])).toEqual([null, null, null])
    expect(agreeRepeatedNames(['株洲市源构件股份有限公司', '株洲市鑫源构件股份有限公司'])).toEqual([null, null])
    expect(agreeRepeatedNames(['华新水泥', '华亲水泥', '华新水泥'])).toEqual([null, null, null])
  })
  it('corrects customer, receiver and settlement only, keeping the raw reading', () => {
    const fields = { signCustomer: '韶关泰和建工有限公司', signName: '韶关泰和建工有限公司', signSettlement: '武关泰和建工有限公', signCarrier: '韶关泰和运工有限公司' }
    const meta = Object.fromEntries(Object.keys(fields).map((f) => [f, { confidence: 0.95, box: null, source: 'synonym' as const }]))
    correctFields(fields, meta)
    expect(fields).toEqual({ signCustomer: '韶关泰和建工有限公司', signName: '韶关泰和建工有限公司', signSettlement: '韶关泰和建工有限公司', signCarrier: '韶关泰和运工有限公司' })
    expect(meta.signSettlement).toMatchObject({ raw: '武关泰和建工有限公', correction: 'repeatedName', confidence: CORRECTED_CONFIDENCE })
    expect(meta.signCustomer).not.toHaveProperty('raw')
  })
})

describe('weights that do not add up', () => {
  it('takes the one weight a lost or extra digit explains for what the other two make it', () => {
    expect(fixWeights(6.64, 14.87, 46.77)).toEqual({ field: 'GrossWeight', value: 61.64 })
    expect(fixWeights(58.33, 12.3, 45.5)).toEqual({ field: 'TareWeight', value: 12.83 })
    expect(fixWeights(52.08, 15.94, 3.61)).toEqual({ field: 'NetWeight', value: 36.14 })
    expect(fixWeights(50, 15, 5)).toEqual({ field: 'NetWeight', value: 35 })
    // the decimal point moved
    expect(fixWeights(50, 15, 3.5)).toEqual({ field: 'NetWeight', value: 35 })
  })
  it('leaves weights that add up, a digit read otherwise (a net after a deduction), and two explanations', () => {
    expect(fixWeights(61.64, 14.87, 46.77)).toBeNull()
    expect(fixWeights(50, 15, 30)).toBeNull()
    // gross 1 would be 11 (tare + net), tare 10 would be 0 (gross − net): tare is no weight of 0, so gross alone
    expect(fixWeights(1, 10, 1)).toEqual({ field: 'GrossWeight', value: 11 })
    // tare 2 may have lost the 1 of 12 (20 − 8), net 8 the 1 of 18 (20 − 2): two explanations
    expect(fixWeights(20, 2, 8)).toBeNull()
  })
  it('marks the corrected weight with what was read, and the check passes', () => {
    const lines = [L('毛重：6.64', 20), L('皮重：14.87', 50), L('净重：46.77', 80)]
    const r = analyzeLines({ lines, fileType: 1, width: 800, height: 200 })
    expect(r.fields.deliveryGrossWeight).toBe(61.64)
    expect(r.meta.deliveryGrossWeight).toMatchObject({ raw: '6.64', correction: 'weights' })
    expect(r.meta.deliveryGrossWeight!.confidence).toBeLessThanOrEqual(CORRECTED_CONFIDENCE)
    expect(r.flags.deliveryNetWeight).toBeUndefined()
  })
})

describe('through the reader', () => {
  it('answers the corrected value, the raw reading in the meta and a lowered confidence', () => {
    const lines = [L('客户名称：邯郸嘉禾建村有限公司', 20), L('承运单位：柳州博远运输有限公', 50), L('水泥编号：PO42.5R-2448E', 80), L('车号：京A0I2B45', 110)]
    const r = analyzeLines({ lines, fileType: 1, width: 800, height: 200, savedNames: { Customer: ['邯郸嘉禾建材有限公司'] } })
    expect(r.fields.deliveryCustomer).toBe('邯郸嘉禾建材有限公司')
    expect(r.meta.deliveryCustomer).toMatchObject({ raw: '邯郸嘉禾建村有限公司', correction: 'savedName' })
    expect(r.fields.deliveryCarrier).toBe('柳州博远运输有限公司')
    expect(r.meta.deliveryCarrier).toMatchObject({ raw: '柳州博远运输有限公', correction: 'legalSuffix' })
    expect(r.fields.deliverySpecific).toBe('P.O42.5R-2448E')
    expect(r.meta.deliverySpecific.correction).toBe('grade')
    expect(r.fields.deliveryPlateNumber).toBe('京AD12845')
    for (const f of ['deliveryCustomer', 'deliveryCarrier', 'deliverySpecific', 'deliveryPlateNumber']) {
      expect(r.meta[f]!.confidence).toBeLessThanOrEqual(CORRECTED_CONFIDENCE)
    }
    // a field read as printed keeps its confidence and has no raw
    const clean = analyzeLines({ lines: [L('客户名称：邯郸嘉禾建材有限公司', 20)], fileType: 1, width: 800, height: 200 })
    expect(clean.meta.deliveryCustomer).not.toHaveProperty('raw')
    expect(clean.meta.deliveryCustomer!.confidence).toBe(0.97)
  })
})

describe('a document number\'s last letter read as a digit', () => {
  it('is the letter the digit looks like when the ticket\'s year and month follow it', () => {
    expect(fixNumberLetter('X5202604128667', '2026-04-12 08:31:27')).toBe('XS202604128667')
    expect(fixNumberLetter('F8202611117076', '2026-11-11 16:54:56')).toBe('FB202611117076')
    // another month follows the digit: left as read
    expect(fixNumberLetter('X5202604308667', '2026-05-01 08:31:27')).toBeNull()
    expect(fixNumberLetter('XS202604128667', '2026-04-12 08:31:27')).toBeNull()
    expect(fixNumberLetter('X4202604128667', '2026-04-12 08:31:27')).toBeNull()
    // 1 and 0 stand in codes for themselves as often as for I and O
    expect(fixNumberLetter('A1202604128667', '2026-04-12 08:31:27')).toBeNull()
    expect(fixNumberLetter('202604128667', '2026-04-12 08:31:27')).toBeNull()
    expect(fixNumberLetter('X5202604128667', '')).toBeNull()
  })

  it('is corrected through the reader and marked', () => {
    const fields: Record<string, string | number | null> = { deliveryNumber: 'X5202604128667', deliveryTime: '2026-04-12 08:31:27', signNumber: 'SH20260613197', signTime: '2026-06-13 17:44:35' }
    const meta = { deliveryNumber: { confidence: 0.97, box: [], source: 'synonym' as const } }
    correctFields(fields, meta)
    expect(fields.deliveryNumber).toBe('XS202604128667')
    expect(meta.deliveryNumber).toMatchObject({ raw: 'X5202604128667', correction: 'numberLetter', confidence: CORRECTED_CONFIDENCE })
    expect(fields.signNumber).toBe('SH20260613197')
  })
})
