/** The grid's query in the address (gridQuery.ts): what is written, what is read back, and what an edited address gives. */
import { describe, expect, it } from 'vitest'
import { isFirstQuery, queryOf, searchOf } from '../src/pages/transports/gridQuery'
import { FIRST_GRID_QUERY } from '../src/api/transports'

const read = (search: string) => queryOf(new URLSearchParams(search))

describe('the grid\'s query in the address', () => {
  it('writes the filters, the date ranges and a page other than the first, and reads them back', () => {
    const query = { page: 2, size: 20, deliveryCarrier: '万里通', signSettlement: 'E2E结算', companyId: 3, deliveryTimeQuery: ['2026-09-01', '2026-09-30'] }
    const search = searchOf(query)
    expect(Object.fromEntries(search)).toEqual({
      page: '2', size: '20', deliveryCarrier: '万里通', signSettlement: 'E2E结算', companyId: '3', deliveryTimeQuery: '2026-09-01,2026-09-30',
    })
    expect(read(search.toString())).toEqual(query)
  })

  it('leaves the default page and size out: the first page of everything is the bare address', () => {
    expect(searchOf(FIRST_GRID_QUERY).toString()).toBe('')
    expect(read('')).toEqual(FIRST_GRID_QUERY)
    expect(isFirstQuery(read(''))).toBe(true)
    expect(isFirstQuery(read('page=2'))).toBe(false)
  })

  it('drops what does not parse, keeping the rest; a page size the pager does not offer is the default', () => {
    expect(read('status=9&companyId=x&page=-1&size=7&deliveryTimeQuery=yesterday&deliveryCarrier=%20万里%20')).toEqual({ ...FIRST_GRID_QUERY, deliveryCarrier: '万里' })
  })
})
