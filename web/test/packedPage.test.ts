/** The grid's packed page: its rows as objects, and its first rows read from the start of the answer before the rest arrives. */
import { describe, expect, it } from 'vitest'
import { PackedPageReader, unpackPage, type PackedPage } from '@app/contract'

const columns = ['id', 'name', 'destinations']
// strings holding what the reader must not take for structure: brackets, braces, quotes, escapes, commas
const rows = [
  [1, 'a]b}c', []],
  [2, 'q"}]{["\\', [{ dest: '第二[工地]', weight: 1.5 }, { dest: '}', weight: null }]],
  [3, '\\"', [[1, [2]]]],
]
/** the answer as the server writes it: columns and total first, the rows last */
const answer = `{"code":200,"message":"操作成功","data":{"columns":${JSON.stringify(columns)},"totalCount":3,"rows":[${rows.map((r) => JSON.stringify(r)).join(',')}]}}`

const whole = { code: 200, message: '操作成功', data: { columns, totalCount: 3, rows } }

describe('a packed page read as it arrives', () => {
  it('gives each row as soon as it is whole, wherever the pieces are cut', () => {
    const ends = rows.map((r) => answer.indexOf(JSON.stringify(r)) + JSON.stringify(r).length)
    for (let cut = 0; cut <= answer.length; cut++) {
      const reader = new PackedPageReader()
      reader.push(answer.slice(0, cut))
      expect(reader.rows, `cut at ${cut}`).toEqual(rows.filter((_, i) => ends[i]! <= cut))
      expect(reader.head?.data.totalCount ?? null, `cut at ${cut}`).toBe(cut >= answer.indexOf('"rows":[') + 8 ? 3 : null)
      reader.push(answer.slice(cut))
      expect(reader.page(), `cut at ${cut}`).toEqual(whole)
    }
  })

  it('reads an answer that comes a character at a time, or in three pieces', () => {
    const byChar = new PackedPageReader()
    for (const c of answer) byChar.push(c)
    expect(byChar.page()).toEqual(whole)
    const third = Math.floor(answer.length / 3)
    const inThree = new PackedPageReader()
    for (const piece of [answer.slice(0, third), answer.slice(third, 2 * third), answer.slice(2 * third)]) inThree.push(piece)
    expect(inThree.page()).toEqual(whole)
  })

  it('has no page for an answer cut short, or one that is not a packed page', () => {
    const short = new PackedPageReader()
    short.push(answer.slice(0, -5))
    expect(short.page()).toBeNull()
    const refusal = new PackedPageReader()
    refusal.push('{"code":400,"message":"每页最多 100000 条","data":null}')
    expect(refusal.page()).toBeNull()
  })
})

describe('unpacked rows', () => {
  const page = unpackPage<{ id: number; name: string; destinations: unknown[] }>({ columns, rows, totalCount: 3 } as PackedPage<'id' | 'name' | 'destinations'>)

  it('read each field from the row\'s values, and serialise as plain objects', () => {
    expect(page.totalCount).toBe(3)
    expect(page.data.map((r) => [r.id, r.name, r.destinations])).toEqual(rows)
    expect(JSON.parse(JSON.stringify(page.data[1]))).toEqual({ id: 2, name: rows[1]![1], destinations: rows[1]![2] })
    expect(Object.keys(Object.getPrototypeOf(page.data[0]))).toEqual(columns)
  })
})
