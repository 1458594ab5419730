import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUS } from '@app/contract'
import { planColor, planLine, statusActions } from '../src/pages/reservations/reservationValues'

describe('reservation screens', () => {
  it('offers the moves the status allows, 到场 only on the booking\'s day', () => {
    const { booked, arrived, cancelled, noShow } = RESERVATION_STATUS
    expect(statusActions(booked, '2030-01-02', '2030-01-02').map((a) => a.label)).toEqual(['到场', '取消预约', '未到'])
    expect(statusActions(booked, '2030-01-03', '2030-01-02').map((a) => a.label)).toEqual(['取消预约', '未到'])
    expect(statusActions(booked, '2030-01-03', '2030-01-02').every((a) => a.confirm)).toBe(true)
    expect(statusActions(noShow, '2030-01-02', '2030-01-02').map((a) => a.to)).toEqual([arrived])
    expect(statusActions(arrived, '2030-01-02', '2030-01-02')).toEqual([])
    expect(statusActions(cancelled, '2030-01-02', '2030-01-02')).toEqual([])
  })

  it('shows a plan as booked/total, coloured by how full it is', () => {
    expect(planLine({ planId: 1, reservePeriod: '上午', tankerType: '常压车辆', totalCount: 10, bookedCount: 3 })).toBe('上午 常压 3/10')
    expect([[0, 0], [1, 4], [2, 4], [4, 4]].map(([bookedCount, totalCount]) => planColor({ bookedCount: bookedCount!, totalCount: totalCount! })))
      .toEqual(['default', 'green', 'orange', 'red'])
  })
})
