import { describe, expect, it } from 'vitest'
import { idNumberProblem, maskIdNumber, maskPhone, mayRevealPersonalData } from '@app/contract'
import { detailUrl, editedGoodsBody, goodsFilters, newGoodsBody, type GoodsFormValues } from '../src/pages/goods/goodsValues'

const values: GoodsFormValues = {
  name: ' 周大福足金手镯 ', category: '黄金', ticketNumber: 'GD1', ticketPicId: 3, goodsPicIds: [4, 5],
  pawnTime: '2024-05-15 10:30:00', pawnName: '张三', phone: '13812345678', idNumber: '11010519900307123x',
}

describe('goods page logic', () => {
  it('a new item sends every field, trimmed, with the marks at 否 / 正常', () => {
    expect(newGoodsBody(values)).toMatchObject({ name: '周大福足金手镯', idNumber: '11010519900307123X', isInvalid: '否', doubtable: '正常', goodsPicIds: [4, 5] })
  })

  it('an edit leaves the phone and ID number out unless retyped, and never sends the marks', () => {
    const edited = editedGoodsBody({ ...values, phone: '', idNumber: '  ' })
    expect(edited).not.toHaveProperty('phone')
    expect(edited).not.toHaveProperty('idNumber')
    expect(edited).not.toHaveProperty('doubtable')
    expect(editedGoodsBody(values).phone).toBe('13812345678')
  })

  it('the list filters drop empty fields; 查看 opens the detail read only', () => {
    expect(goodsFilters({ imagetext: ' 手镯 ', name: '', category: undefined })).toEqual({ imagetext: '手镯' })
    expect(detailUrl(7)).toBe('/goodsDetail/index?id=7&active=1')
  })
})

describe('personal data (contract)', () => {
  it('checks an ID number by its GB 11643 check digit and masks ID numbers and phones', () => {
    expect(idNumberProblem('110105199003071239')).toBeNull()
    expect(idNumberProblem('11010519900307123X')).toBe('身份证号校验位不正确，请核对后重新输入')
    expect(idNumberProblem('110105199013071239')).toBe('身份证号中的出生日期不正确')
    expect(maskIdNumber('110105199003071239')).toBe('110***********1239')
    // beside a birthday (members): the last character only
    expect(maskIdNumber('110105199003071239', 1)).toBe('110**************9')
    expect(maskPhone('13812345678')).toBe('138****5678')
  })

  it('only headquarters\' admin and a base admin may reveal', () => {
    expect(mayRevealPersonalData('admin')).toBe(true)
    expect(mayRevealPersonalData('base admin')).toBe(true)
    expect(mayRevealPersonalData('operator')).toBe(false)
    expect(mayRevealPersonalData('')).toBe(false)
  })
})
