/** Form fields checked with the server's own schemas (components/zodRule). */
import { describe, expect, it } from 'vitest'
import { companySaveBody, logBody, reservationPlanSaveBody } from '@app/contract'
import dayjs from 'dayjs'
import { dateRule, zodRule } from '../src/components/zodRule'

const problem = (rule: ReturnType<typeof zodRule>, value: unknown) => rule.validator({}, value).then(() => null, (e: Error) => e.message)

describe('zodRule', () => {
  it('requires a text the server requires and counts its length after trimming, as the server does', async () => {
    const name = zodRule(companySaveBody.shape.name)
    expect(name.required).toBe(true)
    await expect(problem(name, '   ')).resolves.toBe('基地的名称不能为空')
    await expect(problem(name, undefined)).resolves.toBe('基地的名称不能为空')
    await expect(problem(name, ` ${'基'.repeat(100)} `)).resolves.toBeNull()
    await expect(problem(name, '基'.repeat(101))).resolves.toBe('基地的名称不能超过100个字符')
  })

  it('leaves an optional text optional, with its length limit', async () => {
    const serial = zodRule(logBody.shape.serialNumber)
    expect(serial.required).toBe(false)
    await expect(problem(serial, '')).resolves.toBeNull()
    await expect(problem(serial, undefined)).resolves.toBeNull()
    await expect(problem(serial, 'x'.repeat(65))).resolves.toBe('流水号不能超过64个字符')
  })

  it('refuses an emptied field whose server default is the form\'s starting value', async () => {
    const count = zodRule(reservationPlanSaveBody.shape.totalCount)
    expect(count.required).toBe(true)
    await expect(problem(count, null)).resolves.toBe('可预约数量不能为空')
    await expect(problem(count, 100_001)).resolves.toBe('可预约数量不能大于100000')
    await expect(problem(count, 0)).resolves.toBeNull()
  })

  it('checks a sub-domain as typed, upper case included, with the server\'s message', async () => {
    const domain = zodRule(companySaveBody.shape.domain)
    await expect(problem(domain, 'HangZhou')).resolves.toBeNull()
    await expect(problem(domain, 'hang_zhou')).resolves.toBe('基地的子域名只能包含小写字母、数字和连字符（-），不能以连字符开头或结尾，最长63个字符')
    await expect(problem(domain, '')).resolves.toBe('基地的子域名不能为空')
  })

  it('checks a phone number like the server', async () => {
    const phone = zodRule(companySaveBody.shape.phone)
    await expect(problem(phone, '13800000000')).resolves.toBeNull()
    await expect(problem(phone, '1380000000')).resolves.toBe('联系电话格式不正确，请输入正确的11位手机号')
  })

  it('a date picker\'s value (dayjs) is checked as the day it names: picking a date no longer reads 格式不正确', async () => {
    const day = dateRule(reservationPlanSaveBody.shape.reserveTime)
    expect(day.required).toBe(true)
    await expect(problem(day, dayjs('2031-02-03'))).resolves.toBeNull()
    await expect(problem(day, '2031-02-03')).resolves.toBeNull()
    await expect(problem(day, undefined)).resolves.toBe('预约日期不能为空')
    await expect(problem(zodRule(reservationPlanSaveBody.shape.reserveTime), dayjs('2031-02-03'))).resolves.toBe('预约日期格式不正确')
  })
})
