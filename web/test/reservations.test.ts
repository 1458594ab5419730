import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUS, type ReservationStatus } from '@app/contract'
import { planColor, planLine, statusActions } from '../src/pages/reservations/reservationValues'

describe('reservation screens', () => {
  it('offers the moves the status allows, 到场 only on the booking\'s day, 未到 not before it; 取消预约 red, naming the booking', () => {
    const { booked, arrived, cancelled, noShow } = RESERVATION_STATUS
    const row = (status: ReservationStatus, reserveTime: string) => ({ status, reserveTime, reservePeriod: '上午', licenseNumber: '苏A12345', contactName: '王师傅' })
    expect(statusActions(row(booked, '2030-01-02'), '2030-01-02').map((a) => a.label)).toEqual(['到场', '取消预约', '未到'])
    // a future booking: no 到场 and no 未到 (this list offered 未到 before its day until the friction issue)
    expect(statusActions(row(booked, '2030-01-03'), '2030-01-02').map((a) => a.label)).toEqual(['取消预约'])
    // a past one still not marked: 未到 stays on offer
    expect(statusActions(row(booked, '2030-01-01'), '2030-01-02').map((a) => a.label)).toEqual(['取消预约', '未到'])
    const [cancel] = statusActions(row(booked, '2030-01-03'), '2030-01-02')
    expect(cancel).toMatchObject({ danger: true, confirm: '确定取消 苏A12345（王师傅，2030-01-03 上午）的预约吗？取消后名额将释放给其他车辆。' })
    expect(statusActions(row(booked, '2030-01-02'), '2030-01-02').every((a) => a.confirm || a.to === arrived)).toBe(true)
    expect(statusActions(row(noShow, '2030-01-02'), '2030-01-02').map((a) => a.to)).toEqual([arrived])
    expect(statusActions(row(arrived, '2030-01-02'), '2030-01-02')).toEqual([])
    expect(statusActions(row(cancelled, '2030-01-02'), '2030-01-02')).toEqual([])
  })

  it('shows a plan as booked/total, coloured by how full it is', () => {
    expect(planLine({ planId: 1, reservePeriod: '上午', tankerType: '常压车辆', totalCount: 10, bookedCount: 3 })).toBe('上午 常压 3/10')
    expect([[0, 0], [1, 4], [2, 4], [4, 4]].map(([bookedCount, totalCount]) => planColor({ bookedCount: bookedCount!, totalCount: totalCount! })))
      .toEqual(['default', 'green', 'orange', 'red'])
  })
})
